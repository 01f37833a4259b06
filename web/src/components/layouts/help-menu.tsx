import { onDemand, useOnDemandTrigger } from '../../lib/on-demand.ts';
import { HelpMenuButton } from './menu-buttons.tsx';

const helpMenu = onDemand(() => import('./help-menu-popup.tsx').then((module) => module.HelpMenuPopup));

/**
 * The Help menu of the header (spec §2.3). The button is here from the start; the
 * menu itself (Chakra's menu: arrows, Home/End, Escape, type-ahead) loads when the
 * button is hovered, focused or used, and then opens as it was asked to.
 */
export function HelpMenu() {
  const { Component, intent, triggerProps } = useOnDemandTrigger(helpMenu);
  if (Component) return <Component intent={intent} />;
  return <HelpMenuButton aria-haspopup="menu" aria-expanded={false} {...triggerProps} />;
}
