import { Link as ChakraLink, type LinkProps as ChakraLinkProps, Text, VisuallyHidden } from '@chakra-ui/react';
import { ExternalLinkIcon } from 'lucide-react';
import { forwardRef, type ReactNode } from 'react';
import { Link as ReactRouterLink, type LinkProps as ReactRouterLinkProps } from 'react-router-dom';
import { safeHref } from '../../lib/safe-href.ts';

export type RouterLinkProps = Omit<ChakraLinkProps, 'href' | 'asChild'> &
  Pick<ReactRouterLinkProps, 'to' | 'replace' | 'state'>;

/** A Chakra link that navigates inside the SPA. */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, state, children, ...rest },
  ref,
) {
  return (
    <ChakraLink asChild {...rest}>
      <ReactRouterLink ref={ref} to={to} replace={replace} state={state}>
        {children}
      </ReactRouterLink>
    </ChakraLink>
  );
});

export interface ExternalLinkProps extends Omit<ChakraLinkProps, 'href' | 'target'> {
  href: string;
  /** Opens in a new tab and says so to every reader. */
  newTab?: boolean;
  children: ReactNode;
}

/**
 * A link that leaves the SPA; in a new tab it carries an icon and "(opens in a new
 * tab)". Only an address the URL rule allows (http(s), an in-site path, mailto:;
 * decision record 033) becomes a link: anything else is shown as plain text.
 */
export function ExternalLink({ href: given, newTab = false, children, ...rest }: ExternalLinkProps) {
  const href = safeHref(given, { paths: true, mailto: true });
  if (!href) return <Text as="span">{children}</Text>;
  if (!newTab) {
    return (
      <ChakraLink href={href} {...rest}>
        {children}
      </ChakraLink>
    );
  }
  return (
    <ChakraLink href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <ExternalLinkIcon aria-hidden="true" size="0.9em" />
      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
    </ChakraLink>
  );
}
