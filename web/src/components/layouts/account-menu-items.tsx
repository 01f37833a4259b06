import { HStack, Menu, Text } from '@chakra-ui/react';
import { XIcon } from 'lucide-react';
import { Fragment, Suspense, useContext } from 'react';
import { Link as ReactRouterLink, useLocation } from 'react-router-dom';
import type { Message } from '#shared/contracts/identity';
import { paths } from '../../config/paths.ts';
import { announce } from '../../lib/announcer.tsx';
import { dismissSessionMessage } from '../../lib/auth/dismiss-session-message.ts';
import type { SessionUser } from '../../lib/auth/session-store.ts';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { safeHref } from '../../lib/safe-href.ts';
import type { NavItem } from './nav-items.ts';
import { ShellPartsSlot } from './shell-parts.ts';

/** Said when a dismiss failed; the message is back in the list. */
export const DISMISS_FAILED_MESSAGE = 'The message could not be dismissed. Try again.';

/**
 * The "Dismiss" item after a message (issue 25 item 5): named "Dismiss: <message>", it
 * removes the message at once (the badge follows) and keeps the menu open; a failure
 * puts it back and is announced.
 */
function DismissItem({ message }: { message: Message }) {
  return (
    <Menu.Item
      value={`dismiss-${message.id}`}
      closeOnSelect={false}
      aria-label={`Dismiss: ${message.message}`}
      ps="8"
      fontSize="sm"
      color="fg.muted"
      onSelect={() => {
        dismissSessionMessage(message.id).then(
          () => announce('Message dismissed.'),
          () => announce(DISMISS_FAILED_MESSAGE),
        );
      }}
    >
      <HStack gap="1">
        <XIcon aria-hidden="true" size="14" />
        Dismiss
      </HStack>
    </Menu.Item>
  );
}

function MessageItem({ message }: { message: Message }) {
  const value = `message-${message.id}`;
  if (!message.link) return <Menu.Item value={value}>{message.message}</Menu.Item>;
  if (message.link.startsWith('/') && !message.link.startsWith('//')) {
    return (
      <Menu.Item value={value} asChild>
        <ReactRouterLink to={message.link}>{message.message}</ReactRouterLink>
      </Menu.Item>
    );
  }
  const href = safeHref(message.link);
  if (!href) return <Menu.Item value={value}>{message.message}</Menu.Item>;
  return (
    <Menu.Item value={value} asChild>
      <a href={href}>{message.message}</a>
    </Menu.Item>
  );
}

/**
 * The account part of a menu (spec §2.3), shared by the avatar menu and the
 * hamburger menu: the name and e-mail (as the group's label), the messages, the
 * editing links the reader may use, "Saved searches" when the app provides it
 * (issue 24 item 8), "Your data" (issue 26 item 5), each message followed by its "Dismiss" (issue 25 item 5), and Logout (on VACR with the current page as
 * `redirect`, so logging out reopens it, spec §4 "Session").
 */
export function AccountMenuItems({
  user,
  messages,
  links,
}: {
  user: SessionUser;
  messages: readonly Message[];
  links: readonly NavItem[];
}) {
  const { brand } = useRuntimeConfig();
  const { SavedSearchesMenuItem } = useContext(ShellPartsSlot);
  const location = useLocation();
  const logoutTo =
    brand === 'VACR'
      ? `${paths.logout}?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` })}`
      : paths.logout;
  return (
    <>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel>
          <Text as="span" display="block" fontWeight="semibold" color="fg">
            {user.displayName}
          </Text>
          {user.email ? (
            <Text as="span" display="block" fontWeight="normal" color="fg.muted">
              {user.email}
            </Text>
          ) : null}
        </Menu.ItemGroupLabel>
        {links.map((link) => (
          <Menu.Item key={link.to} value={link.to} asChild>
            <ReactRouterLink to={link.to}>{link.label}</ReactRouterLink>
          </Menu.Item>
        ))}
        {SavedSearchesMenuItem ? (
          <Suspense fallback={null}>
            <SavedSearchesMenuItem />
          </Suspense>
        ) : null}
        <Menu.Item value={paths.personalData} asChild>
          <ReactRouterLink to={paths.personalData}>Your data</ReactRouterLink>
        </Menu.Item>
        <Menu.Item value={paths.logout} asChild>
          <ReactRouterLink to={logoutTo}>Logout</ReactRouterLink>
        </Menu.Item>
      </Menu.ItemGroup>
      <Menu.Separator />
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel>Messages ({messages.length})</Menu.ItemGroupLabel>
        {messages.length === 0 ? (
          <Menu.Item value="no-messages" disabled>
            No messages
          </Menu.Item>
        ) : (
          messages.map((message) => (
            <Fragment key={message.id}>
              <MessageItem message={message} />
              <DismissItem message={message} />
            </Fragment>
          ))
        )}
      </Menu.ItemGroup>
    </>
  );
}
