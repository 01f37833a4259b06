import { Menu } from '@chakra-ui/react';
import { useRef } from 'react';
import { AccountMenuItems } from '../../../components/layouts/account-menu-items.tsx';
import { accountLinks } from '../../../lib/auth/account-links.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { type OpenIntent, useReplayedIntent } from '../../../lib/on-demand.ts';
import { AccountMenuButton } from './account-menu-button.tsx';

/** The avatar menu with its items; loaded on demand by `AccountMenu`. */
export function AccountMenuPopup({ intent }: { intent?: OpenIntent | null }) {
  const { user, principal, messages } = useSession();
  const trigger = useRef<HTMLButtonElement>(null);
  useReplayedIntent(trigger, intent);
  if (!user) return null;
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <AccountMenuButton
          ref={trigger}
          displayName={user.displayName}
          picture={user.picture}
          messageCount={messages.length}
        />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content minW="16rem" maxW="22rem">
          <AccountMenuItems user={user} messages={messages} links={accountLinks(principal)} />
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
