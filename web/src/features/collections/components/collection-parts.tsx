import { chakra } from '@chakra-ui/react';
import type { CollectionVisibility } from '#shared/contracts/collection';

/** The address of a collection's page (`/collections/:id`; issue 26 item 2). */
export function collectionPath(id: string): string {
  return `/collections/${encodeURIComponent(id)}`;
}

/** How each visibility reads on the screens. */
export const VISIBILITY_LABELS: Readonly<Record<CollectionVisibility, string>> = {
  private: 'Private',
  link: 'Shared by link',
  curated: 'Curated',
};

/** What each visibility means, as the editor's choices explain it. */
export const VISIBILITY_HINTS: Readonly<Record<CollectionVisibility, string>> = {
  private: 'Only you can open it.',
  link: 'Anyone with its link can open it; it is listed nowhere.',
  curated: 'Listed on the public Collections page and available to the page builder (editors only).',
};

/** A native radio button in the brand's colour (the forms' radios, as the submission form has them). */
export const NativeRadio = chakra('input', {
  base: { boxSize: '4', accentColor: 'colorPalette.solid', cursor: 'pointer', mt: '1', flexShrink: 0 },
});
