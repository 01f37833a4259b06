/** Readable names of the media types courseware files commonly have. */
const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/plain': 'Text',
  'text/markdown': 'Markdown',
  'text/html': 'HTML',
  'text/csv': 'CSV',
  'text/x-python': 'Python source',
  'application/json': 'JSON',
  'application/x-ipynb+json': 'Jupyter notebook',
  'application/zip': 'ZIP archive',
  'application/x-zip-compressed': 'ZIP archive',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-powerpoint': 'PowerPoint presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
};

/**
 * A readable name for a media type (spec §2.6 files list): "PDF", "Word document",
 * "Image"… or the type itself; "File" for none. The SPA's files panel and the server's
 * first HTML (decision record 038) name files alike.
 */
export function fileTypeLabel(type: string): string {
  const clean = type.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = TYPE_LABELS[clean];
  if (known) return known;
  if (clean.startsWith('image/')) return 'Image';
  if (clean.startsWith('video/')) return 'Video';
  if (clean.startsWith('audio/')) return 'Audio';
  return clean || 'File';
}
