import { Menu, VisuallyHidden } from '@chakra-ui/react';
import { ExternalLinkIcon } from 'lucide-react';
import { useRef } from 'react';
import { type OpenIntent, useReplayedIntent } from '../../lib/on-demand.ts';
import { HelpMenuButton } from './menu-buttons.tsx';
import { useHelpActions } from './use-help-actions.ts';

/** The Help menu with its items; loaded on demand by `HelpMenu`. */
export function HelpMenuPopup({ intent }: { intent?: OpenIntent | null }) {
  const { openKnowledgeBase, openSupport } = useHelpActions();
  const trigger = useRef<HTMLButtonElement>(null);
  useReplayedIntent(trigger, intent);
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      onSelect={({ value }) => (value === 'knowledge-base' ? openKnowledgeBase() : openSupport(trigger.current))}
    >
      <Menu.Trigger asChild>
        <HelpMenuButton ref={trigger} />
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
