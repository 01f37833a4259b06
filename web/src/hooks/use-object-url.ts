import { useEffect, useState } from 'react';

/**
 * An object URL of `file` for a preview, or null without one. The URL is revoked
 * when the file changes and on unmount, so previews do not hold images in memory.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
    };
  }, [file]);
  return url;
}
