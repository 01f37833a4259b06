import { HStack } from '@chakra-ui/react';
import { AddToCollection } from '../../../features/collections/components/add-to-collection.tsx';
import type { LibraryPartProps } from '../../../features/courseware/components/library-part.tsx';
import { SaveToLibraryButton } from '../../../features/library/components/save-to-library-button.tsx';

/**
 * The signed-in reader's actions on a courseware card or page (issue 26 items 1 and 2):
 * "Save to my library" (the library feature) and "Add to collection" (the collections
 * feature), side by side; the route composes them since features do not import each other.
 */
export function LibraryActions(props: LibraryPartProps) {
  return (
    <HStack gap="2" wrap="wrap" alignSelf="flex-start">
      <SaveToLibraryButton {...props} />
      <AddToCollection {...props} />
    </HStack>
  );
}

export default LibraryActions;
