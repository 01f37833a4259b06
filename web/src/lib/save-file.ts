/**
 * Saves `text` in the browser as `fileName` with media type `mediaType` (a Blob
 * download; nothing is sent anywhere). Used by the CSV exports (`lib/csv.ts`) and the
 * personal data export (issue 26 item 5).
 */
export function saveTextFile(text: string, fileName: string, mediaType: string): void {
  saveBlob(new Blob([text], { type: mediaType }), fileName);
}

/** Saves `blob` in the browser as `fileName` (a Blob download), e.g. the CAE worksheet (issue 27 item 3). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the Blob after click() returns; let them finish first.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
