import { onDemand, useOnDemandTrigger } from '../../lib/on-demand.ts';
import { MobileMenuButton } from './menu-buttons.tsx';
import type { NavItem } from './nav-items.ts';

const mobileMenu = onDemand(() => import('./mobile-menu-popup.tsx').then((module) => module.MobileMenuPopup));

/**
 * The hamburger menu of narrow screens (< 960 px): the header's links, Help and
 * account actions. The button is here from the start; the menu loads when the
 * button is hovered, focused or used, and then opens as it was asked to.
 */
export function MobileMenu({ links }: { links: readonly NavItem[] }) {
  const { Component, intent, triggerProps } = useOnDemandTrigger(mobileMenu);
  if (Component) return <Component links={links} intent={intent} />;
  return <MobileMenuButton aria-haspopup="menu" aria-expanded={false} {...triggerProps} />;
}
