import { Button, type ButtonProps, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { ChevronDownIcon, MenuIcon } from 'lucide-react';
import type { Ref } from 'react';

/** The Help menu's trigger button, the same before and after the menu's code has loaded. */
export function HelpMenuButton(props: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button variant="ghost" colorPalette="header" focusRingColor="header.focusRing" size="sm" {...props}>
      Help
      <ChevronDownIcon aria-hidden="true" />
    </Button>
  );
}

/** The hamburger menu's trigger button, the same before and after the menu's code has loaded. */
export function MobileMenuButton(props: Omit<IconButtonProps, 'aria-label'> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <IconButton aria-label="Menu" variant="ghost" colorPalette="header" focusRingColor="header.focusRing" {...props}>
      <MenuIcon aria-hidden="true" />
    </IconButton>
  );
}
