import { Box, Container, Flex, SkipNavLink } from '@chakra-ui/react';
import { useCallback, useContext, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { useNavigationEffects } from '../../hooks/use-navigation-effects.ts';
import { LiveAnnouncer } from '../../lib/announcer.tsx';
import { buildBreadcrumbs } from '../../lib/breadcrumbs.ts';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { ErrorDialog } from '../errors/error-dialog.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ShellBreadcrumbs } from './shell-breadcrumbs.tsx';
import { ShellPartsSlot } from './shell-parts.ts';
import { SupportDialogOpener, SupportDialogSlot } from './use-help-actions.ts';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The shell of spec §2.3: skip link, header, breadcrumbs, main content, footer, the
 * global ERROR dialog, the polite live region, and the parts the app slots in: the
 * support dialog (opened from the Help menu when logged in), the avatar menu and the
 * impersonation banner (`shell-parts.ts`).
 */
export function AppShell() {
  const location = useLocation();
  const handle = useRouteHandle();
  useNavigationEffects({ mainId: MAIN_CONTENT_ID, returnAfterLogin: handle.returnAfterLogin === true });
  const crumbs = handle.breadcrumbs === false ? [] : buildBreadcrumbs(location.pathname);
  const SupportDialog = useContext(SupportDialogSlot);
  const { ImpersonationBanner } = useContext(ShellPartsSlot);
  const [support, setSupport] = useState<{ returnFocus: HTMLElement | null } | null>(null);
  const openSupportDialog = useCallback((returnFocus: HTMLElement | null) => setSupport({ returnFocus }), []);
  const closeSupportDialog = useCallback(() => setSupport(null), []);

  return (
    <SupportDialogOpener value={SupportDialog ? openSupportDialog : null}>
      <Flex direction="column" minH="100vh">
        <SkipNavLink
          id={MAIN_CONTENT_ID}
          onClick={(event) => {
            event.preventDefault();
            const main = document.getElementById(MAIN_CONTENT_ID);
            main?.focus();
            main?.scrollIntoView();
          }}
        >
          Skip to main content
        </SkipNavLink>
        <Header />
        {ImpersonationBanner && <ImpersonationBanner />}
        <ShellBreadcrumbs crumbs={crumbs} />
        <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" outline="none">
          <Container maxW="7xl" py="6">
            <Outlet />
          </Container>
          <LiveAnnouncer />
        </Box>
        <Footer />
        <ErrorDialog />
        {SupportDialog && support ? (
          <SupportDialog onClose={closeSupportDialog} returnFocus={support.returnFocus} />
        ) : null}
        <ScrollRestoration />
      </Flex>
    </SupportDialogOpener>
  );
}
