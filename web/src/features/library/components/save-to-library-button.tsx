import { Button, IconButton } from '@chakra-ui/react';
import { BookmarkCheckIcon, BookmarkIcon } from 'lucide-react';
import { useSavedContentIds, useSetSaved } from '../api/library.ts';

/** Props of the save button: the item and its name (the button's accessible name on a card says which item). */
export interface SaveToLibraryButtonProps {
  readonly contentId: string;
  readonly name: string;
  /** `icon` on cards (a toggle icon named with the item), `full` on the item's page. */
  readonly variant?: 'icon' | 'full';
}

/**
 * "Save to my library" (issue 26 item 1): a toggle button (`aria-pressed`; its name stays
 * the same, the pressed state and a checked bookmark say it is saved) that saves
 * the item to the signed-in reader's library or removes it; the state shows at once
 * and goes back when the server refuses (its message in the app's error dialog). Only
 * rendered for signed-in readers (the courseware screens decide); disabled until the
 * reader's saved ids are known.
 */
export function SaveToLibraryButton({ contentId, name, variant = 'full' }: SaveToLibraryButtonProps) {
  const ids = useSavedContentIds();
  const setSaved = useSetSaved();
  const saved = ids.data?.contentIds.includes(contentId) ?? false;
  const toggle = () => setSaved.mutate({ contentId, saved: !saved });
  const Icon = saved ? BookmarkCheckIcon : BookmarkIcon;
  if (variant === 'icon') {
    return (
      <IconButton
        aria-label={`Save “${name}” to my library`}
        aria-pressed={saved}
        title={saved ? 'Saved in your library' : 'Save to my library'}
        variant={saved ? 'subtle' : 'ghost'}
        colorPalette={saved ? 'brand' : 'gray'}
        size="sm"
        disabled={!ids.data}
        onClick={toggle}
        position="relative"
        zIndex="1"
      >
        <Icon aria-hidden="true" />
      </IconButton>
    );
  }
  return (
    <Button
      aria-pressed={saved}
      variant={saved ? 'subtle' : 'outline'}
      colorPalette={saved ? 'brand' : 'gray'}
      size="sm"
      disabled={!ids.data}
      onClick={toggle}
      alignSelf="flex-start"
      title={saved ? 'Saved in your library: press to remove it' : undefined}
    >
      <Icon aria-hidden="true" />
      Save to my library
    </Button>
  );
}

export default SaveToLibraryButton;
