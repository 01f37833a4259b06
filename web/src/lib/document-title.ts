import { useEffect } from 'react';
import { useRuntimeConfig } from './runtime-config.tsx';

let pageTitle = '';

/** The title of the page on screen, without the site suffix (what navigations announce). */
export function getPageTitle(): string {
  return pageTitle;
}

/** `<page title> | <site name>`, or the site name alone for an empty title. */
export function formatDocumentTitle(title: string, siteName: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}

/** Sets the document title of the page on screen; the site name of the brand is the suffix. */
export function useDocumentTitle(title: string): void {
  const { siteName } = useRuntimeConfig();
  useEffect(() => {
    pageTitle = title;
    document.title = formatDocumentTitle(title, siteName);
  }, [title, siteName]);
}
