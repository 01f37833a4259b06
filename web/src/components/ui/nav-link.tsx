import { chakra } from '@chakra-ui/react';
import { NavLink as ReactRouterNavLink } from 'react-router-dom';
import { navLinkRecipe } from '../../theme/system.ts';

/**
 * A link of the header bar or a footer column (`tone="footer"`); it marks the page
 * on screen with `aria-current="page"`.
 */
export const NavLink = chakra(ReactRouterNavLink, navLinkRecipe);

/** The same look for addresses outside the SPA. */
export const NavAnchor = chakra('a', navLinkRecipe);
