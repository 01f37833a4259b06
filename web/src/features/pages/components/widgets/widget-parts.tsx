import { Button, type ButtonProps, Heading, type HeadingProps } from '@chakra-ui/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { WidgetFile } from '#shared/contracts/page';
import { ExternalLink, RouterLink, type RouterLinkProps } from '../../../../components/ui/link.tsx';
import { LinkButton } from '../../../../components/ui/link-button.tsx';
import { publicFileUrl } from '../../../../lib/file-pick.ts';
import { useRuntimeConfig } from '../../../../lib/runtime-config.tsx';
import { safeHref } from '../../../../lib/safe-href.ts';

/** Heading levels a widget may give its own title: one below the heading it sits under. */
export type WidgetHeadingLevel = 2 | 3 | 4 | 5 | 6;

const WidgetHeadingLevelContext = createContext<WidgetHeadingLevel>(3);

/**
 * Sets the level of the titles of the widgets inside (a teamMember's name, a
 * featureItem's title …): one below the heading of their section, so the outline
 * never skips a level.
 */
export function WidgetHeadingLevelProvider({ level, children }: { level: WidgetHeadingLevel; children: ReactNode }) {
  return <WidgetHeadingLevelContext.Provider value={level}>{children}</WidgetHeadingLevelContext.Provider>;
}

/** The level of the widget titles here (see {@link WidgetHeadingLevelProvider}). */
export function useWidgetHeadingLevel(): WidgetHeadingLevel {
  return useContext(WidgetHeadingLevelContext);
}

/** A widget's own title at the level of {@link WidgetHeadingLevelProvider}. */
export function WidgetTitle({ children, ...rest }: Omit<HeadingProps, 'as'> & { children: ReactNode }) {
  const level = useContext(WidgetHeadingLevelContext);
  return (
    <Heading as={`h${level}`} size="lg" {...rest}>
      {children}
    </Heading>
  );
}

/** Whether a widget link target is a path of this site (navigated by the router) rather than an address elsewhere. */
export function isInternalTarget(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//');
}

/**
 * A widget's link target as a button-looking link: a path of this site goes
 * through the router, an `http(s)` or `mailto:` address is a plain link.
 */
export function TargetButton({ target, children, ...rest }: Omit<ButtonProps, 'asChild'> & { target: string }) {
  if (isInternalTarget(target)) {
    return (
      <LinkButton to={target} {...rest}>
        {children}
      </LinkButton>
    );
  }
  const href = safeHref(target, { mailto: true });
  if (!href) return <Button {...rest}>{children}</Button>;
  return (
    <Button asChild {...rest}>
      <a href={href}>{children}</a>
    </Button>
  );
}

/** A widget's link target as a text link (see {@link TargetButton}). */
export function TargetLink({
  target,
  children,
  ...rest
}: Omit<RouterLinkProps, 'to' | 'replace' | 'state'> & { target: string; children: ReactNode }) {
  if (isInternalTarget(target)) {
    return (
      <RouterLink to={target} {...rest}>
        {children}
      </RouterLink>
    );
  }
  return (
    <ExternalLink href={target} {...rest}>
      {children}
    </ExternalLink>
  );
}

/** The public address of a widget file (`publicFilesBaseUrl` + `files/<fileId>`). */
export function useWidgetFileUrl(file: WidgetFile | undefined): string | null {
  const { publicFilesBaseUrl } = useRuntimeConfig();
  return file ? publicFileUrl(publicFilesBaseUrl, file.fileId) : null;
}
