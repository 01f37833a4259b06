/** Leaves the SPA for another address (external login, exercise area). One seam for tests. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/**
 * Opens `url` in a new tab. Returns false when a pop-up blocker stopped it. The
 * opener is cut by hand: asking for `noopener` makes every browser return null.
 */
export function openInNewTab(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}
