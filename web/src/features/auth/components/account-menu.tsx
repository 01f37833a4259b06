import { useSession } from '../../../lib/auth/session-store.ts';
import { onDemand, useOnDemandTrigger } from '../../../lib/on-demand.ts';
import { AccountMenuButton } from './account-menu-button.tsx';

const accountMenu = onDemand(() => import('./account-menu-popup.tsx').then((module) => module.AccountMenuPopup));

/**
 * The avatar menu of the signed-in header (spec §2.3). The button is here from the
 * start; the menu (Chakra's menu: arrows, Home/End, Escape, type-ahead) loads when
 * the button is hovered, focused or used, and then opens as it was asked to.
 */
export function AccountMenu() {
  const { user, messages } = useSession();
  const { Component, intent, triggerProps } = useOnDemandTrigger(accountMenu);
  if (!user) return null;
  if (Component) return <Component intent={intent} />;
  return (
    <AccountMenuButton
      displayName={user.displayName}
      picture={user.picture}
      messageCount={messages.length}
      aria-haspopup="menu"
      aria-expanded={false}
      {...triggerProps}
    />
  );
}
