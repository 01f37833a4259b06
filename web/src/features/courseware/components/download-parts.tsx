import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { ContentCategory } from '#shared/enums';

/**
 * A file a download part is for: its id, display name and, when shown, its type
 * ("PDF"); for a PDF whose item's licence allows it, the public image of its first
 * page (issue 24 item 1, decision record 059), which readers without file rights may see.
 */
export interface DownloadPartFile {
  readonly id: string;
  readonly name: string;
  readonly typeLabel?: string | undefined;
  readonly firstPage?: { readonly url: string; readonly alt: string } | undefined;
}

/**
 * What the courseware screens borrow from the downloads feature (features do not
 * import each other, STYLE.md; spec §2.6 "Files and lesson artifacts", §4 "File
 * bundle"): a download button per file, "Download all" for a content item, the note
 * on who may download, and "Download all <Category> files" for the list. Each part
 * decides itself whether the reader may see it. The routes provide them with
 * {@link DownloadPartsProvider}; without one the screens show files as a visitor
 * sees them.
 */
export interface DownloadParts {
  readonly FileAction: ComponentType<{ file: DownloadPartFile }>;
  readonly DownloadAll: ComponentType<{ contentId: string }>;
  readonly RightsNote: ComponentType;
  readonly CategoryDownload: ComponentType<{ category: ContentCategory }>;
}

const DownloadPartsContext = createContext<DownloadParts | null>(null);

/** Provides the download parts to the courseware screens below. */
export function DownloadPartsProvider({ parts, children }: { parts: DownloadParts; children: ReactNode }) {
  return <DownloadPartsContext.Provider value={parts}>{children}</DownloadPartsContext.Provider>;
}

/** The download parts of the route, or null when it gives none (files are then shown as to a visitor). */
export function useDownloadParts(): DownloadParts | null {
  return useContext(DownloadPartsContext);
}
