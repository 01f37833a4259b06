import { contentPath } from '#shared/content-address';
import type { ContentItem } from '../data/items.ts';
import { rightsStatement } from '../domain/oai-pmh.ts';
import type { BundleScopeRecord } from '../domain/records.ts';
import { summaryText } from '../domain/summary.ts';
import { buildCartridge, type CartridgeMetadata, type CartridgeNode, CC_FILES_FOLDER } from './cartridge.ts';
import type { ManifestDocument, ManifestEntry } from './manifest.ts';
import type { ResolvedBundle } from './resolve.ts';

/**
 * From a resolve walk to the archive of a Common Cartridge (issue 27 item 6; decision
 * record 078): the file entries moved under `web_resources/` (none for a thin
 * cartridge) and the cartridge's documents (`imsmanifest.xml` first, then the web
 * links), which the zip step writes before the files.
 */

/** What {@link cartridgeArchive} answers: the entries to stream and the documents to write first. */
export interface CartridgeArchive {
  readonly entries: ManifestEntry[];
  readonly documents: ManifestDocument[];
}

/** Options of {@link cartridgeArchive}. */
export interface CartridgeOptions {
  readonly format: 'imscc' | 'imscc-thin';
  /** `https://host` of the site the links point to (no trailing slash). */
  readonly siteOrigin: string;
  readonly scope: BundleScopeRecord;
}

/** The address of a collection's page in the SPA (`/collections/:id`). */
export function collectionPagePath(collectionId: string): string {
  return `/collections/${encodeURIComponent(collectionId)}`;
}

/** The LOM of a content item: name, description as plain text, tags, rights statement, NICE/CAE mappings. */
export function contentMetadata(item: ContentItem): CartridgeMetadata {
  const refs = (list: readonly { id: string; name: string }[]) => list.map(({ id, name }) => ({ id, name }));
  return {
    title: item.name,
    description: summaryText(item.description),
    rights: rightsStatement(item),
    keywords: [...item.tags],
    knowledge: { ksas: refs(item.ksas), tkss: refs(item.tkss), kus: refs(item.kus) },
  };
}

/**
 * The cartridge of a resolved bundle.
 * @throws Error for a category scope (the request refuses it with a 400) or a walk
 *   without a top item.
 */
export function cartridgeArchive(resolved: ResolvedBundle, options: CartridgeOptions): CartridgeArchive {
  if ('category' in options.scope) throw new Error('A Common Cartridge is made of a content item or a collection.');
  const thin = options.format === 'imscc-thin';
  const entries = thin ? [] : resolved.entries.map((entry) => ({ ...entry, path: `${CC_FILES_FOLDER}/${entry.path}` }));

  interface Building extends CartridgeNode {
    readonly files: CartridgeNode['files'][number][];
    readonly children: Building[];
  }
  const nodes = new Map<string, Building>();
  const tops: Building[] = [];
  for (const { item, parentId, entryIndexes } of resolved.items) {
    const files = thin
      ? []
      : entryIndexes.flatMap((index) => {
          const entry = entries[index];
          if (!entry) return [];
          return [
            {
              fileId: entry.fileId,
              path: entry.path,
              title: entry.path.split('/').at(-1) ?? entry.fileId,
              type: entry.type,
              size: entry.size,
            },
          ];
        });
    const node: Building = {
      id: item.id,
      url: `${options.siteOrigin}${contentPath(item)}`,
      metadata: contentMetadata(item),
      files,
      children: [],
    };
    nodes.set(item.id, node);
    const parent = parentId === null ? undefined : nodes.get(parentId);
    if (parent) parent.children.push(node);
    else tops.push(node);
  }

  let root: CartridgeNode;
  let identifier: string;
  if ('collectionId' in options.scope) {
    identifier = options.scope.collectionId;
    root = {
      id: options.scope.collectionId,
      url: `${options.siteOrigin}${collectionPagePath(options.scope.collectionId)}`,
      metadata: {
        title: options.scope.title,
        description: options.scope.description ?? '',
        rights: '',
        keywords: [],
        knowledge: { ksas: [], tkss: [], kus: [] },
      },
      files: [],
      children: tops,
    };
  } else {
    const [top] = tops;
    if (!top) throw new Error('The walk found no content item.');
    identifier = top.id;
    root = top;
  }
  return { entries, documents: buildCartridge({ thin, identifier, root }) };
}
