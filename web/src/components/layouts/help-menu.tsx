import { Button, Menu, VisuallyHidden } from '@chakra-ui/react';
import { ChevronDownIcon, ExternalLinkIcon } from 'lucide-react';
import { useHelpActions } from './use-help-actions.ts';

/** The Help menu of the header (spec §2.3); Chakra's menu gives arrows, Home/End, Escape and type-ahead. */
export function HelpMenu() {
  const { openKnowledgeBase, openSupport } = useHelpActions();
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      onSelect={({ value }) => (value === 'knowledge-base' ? openKnowledgeBase() : openSupport())}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" colorPalette="header" focusRingColor="header.focusRing" size="sm">
          Help
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content minW="14rem">
          <Menu.Item value="knowledge-base">
            Knowledge Base
            <ExternalLinkIcon aria-hidden="true" size="1em" />
            <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
          </Menu.Item>
          <Menu.Item value="support">Support</Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
