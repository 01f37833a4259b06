import { Menu, VisuallyHidden } from '@chakra-ui/react';
import { ExternalLinkIcon } from 'lucide-react';
import { useRef } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { accountLinks } from '../../lib/auth/account-links.ts';
import { useSession } from '../../lib/auth/session-store.ts';
import { type OpenIntent, useReplayedIntent } from '../../lib/on-demand.ts';
import { AccountMenuItems } from './account-menu-items.tsx';
import { MobileMenuButton } from './menu-buttons.tsx';
import type { NavItem } from './nav-items.ts';
import { useHelpActions } from './use-help-actions.ts';

/** The hamburger menu with its items; loaded on demand by `MobileMenu`. */
export function MobileMenuPopup({ links, intent }: { links: readonly NavItem[]; intent?: OpenIntent | null }) {
  const { openKnowledgeBase, openSupport } = useHelpActions();
  const { user, principal, messages } = useSession();
  const trigger = useRef<HTMLButtonElement>(null);
  useReplayedIntent(trigger, intent);
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        if (value === 'knowledge-base') openKnowledgeBase();
        else if (value === 'support') openSupport(trigger.current);
      }}
    >
      <Menu.Trigger asChild>
        <MobileMenuButton ref={trigger} />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content minW="16rem">
          {links.map((link) => (
            <Menu.Item key={link.to} value={link.to} asChild>
              <ReactRouterLink to={link.to}>{link.label}</ReactRouterLink>
            </Menu.Item>
          ))}
          <Menu.Separator />
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>Help</Menu.ItemGroupLabel>
            <Menu.Item value="knowledge-base">
              Knowledge Base
              <ExternalLinkIcon aria-hidden="true" size="1em" />
              <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
            </Menu.Item>
            <Menu.Item value="support">Support</Menu.Item>
          </Menu.ItemGroup>
          <Menu.Separator />
          {user ? (
            <AccountMenuItems user={user} messages={messages} links={accountLinks(principal)} />
          ) : (
            <>
              <Menu.Item value={paths.signup} asChild>
                <ReactRouterLink to={paths.signup}>Sign up</ReactRouterLink>
              </Menu.Item>
              <Menu.Item value={paths.login} asChild>
                <ReactRouterLink to={paths.login}>Log in</ReactRouterLink>
              </Menu.Item>
            </>
          )}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
