import type { DownloadUrl } from '#shared/contracts/download';

/**
 * Hands a presigned URL to the browser: a temporary `<a href download>` clicked and
 * removed. The answer carries `Content-Disposition: attachment`, so the page stays and
 * the browser saves the bytes under `name` (courseware downloads, submission files).
 */
export function saveDownload({ publicUrl, name }: DownloadUrl): void {
  const link = document.createElement('a');
  link.href = publicUrl;
  link.download = name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}
