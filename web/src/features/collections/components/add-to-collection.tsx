import { Button, IconButton } from '@chakra-ui/react';
import { FolderPlusIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

/** The dialog, loaded when a reader first opens it (cards load only the button). */
const AddToCollectionDialog = lazy(() => import('./add-to-collection-dialog.tsx'));

/** Props of {@link AddToCollection}: the item, its name, and the form it takes (a card's icon, a page's button). */
export interface AddToCollectionProps {
  readonly contentId: string;
  readonly name: string;
  readonly variant?: 'icon' | 'full';
}

/**
 * "Add to collection" on courseware cards and pages (issue 26 item 2; decision record 077):
 * a button (an icon named with the item on cards) that opens a dialog where the
 * signed-in reader picks one of their collections, or names a new private one, and
 * writes an optional note; the dialog then says where the item went, with a link to
 * the collection. Rendered for signed-in readers only (the courseware screens decide);
 * the dialog's code loads on the first press.
 */
export function AddToCollection({ contentId, name, variant = 'full' }: AddToCollectionProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  return (
    <>
      {variant === 'icon' ? (
        <IconButton
          aria-label={`Add “${name}” to a collection`}
          title="Add to a collection"
          variant="ghost"
          colorPalette="gray"
          size="sm"
          onClick={show}
          position="relative"
          zIndex="1"
        >
          <FolderPlusIcon aria-hidden="true" />
        </IconButton>
      ) : (
        <Button variant="outline" colorPalette="gray" size="sm" onClick={show} alignSelf="flex-start">
          <FolderPlusIcon aria-hidden="true" />
          Add to collection
        </Button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <AddToCollectionDialog open={open} onClose={() => setOpen(false)} contentId={contentId} name={name} />
        </Suspense>
      ) : null}
    </>
  );
}

export default AddToCollection;
