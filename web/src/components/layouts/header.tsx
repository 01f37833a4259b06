import { Box, Container, Flex, HStack } from '@chakra-ui/react';
import { useContext } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/auth/session-store.ts';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { BRAND_DEFINITIONS } from '../../theme/brands.ts';
import { Wordmark } from '../brand/wordmark.tsx';
import { LinkButton } from '../ui/link-button.tsx';
import { NavLink } from '../ui/nav-link.tsx';
import { HelpMenu } from './help-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { headerLinks } from './nav-items.ts';
import { ShellPartsSlot } from './shell-parts.ts';

/** The header of spec §2.3: Sign up and Log in for visitors, the avatar menu once signed in. */
export function Header() {
  const config = useRuntimeConfig();
  const { status } = useSession();
  const { AccountMenu } = useContext(ShellPartsSlot);
  const brand = BRAND_DEFINITIONS[config.brand];
  const links = headerLinks(config);
  return (
    <Box as="header" bg="header.bg" color="header.fg" colorPalette="header">
      <Container maxW="7xl">
        <Flex align="center" minH="16" gap="4" py="2">
          <Box
            asChild
            display="inline-flex"
            color="header.fg"
            borderRadius="l2"
            focusVisibleRing="outside"
            focusRingColor="header.focusRing"
          >
            <ReactRouterLink to={paths.home} aria-label={`${config.siteName} home`}>
              <Wordmark brand={config.brand} accent={brand.surfaces.headerAccent} />
            </ReactRouterLink>
          </Box>
          <Box as="nav" aria-label="Main" hideBelow="md" flex="1">
            <HStack as="ul" gap="1" listStyleType="none" m="0" p="0" wrap="wrap">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </HStack>
          </Box>
          <HStack gap="2" hideBelow="md" ms="auto">
            <HelpMenu />
            {status === 'logged-in' ? (
              AccountMenu && <AccountMenu />
            ) : (
              <>
                <LinkButton to={paths.signup} colorPalette="accent" size="sm" focusRingColor="header.focusRing">
                  Sign up
                </LinkButton>
                <LinkButton to={paths.login} variant="outline" size="sm" color="header.fg" borderColor="header.border">
                  Log in
                </LinkButton>
              </>
            )}
          </HStack>
          <Box hideFrom="md" ms="auto">
            <MobileMenu links={links} />
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}
