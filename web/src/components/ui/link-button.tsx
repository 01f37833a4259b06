import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as ReactRouterLink, type LinkProps as ReactRouterLinkProps } from 'react-router-dom';

export type LinkButtonProps = Omit<ButtonProps, 'asChild'> & Pick<ReactRouterLinkProps, 'to' | 'replace'>;

/** An in-app link drawn as a button (it navigates, so it stays a link for assistive technology). */
export function LinkButton({ to, replace, children, ...rest }: LinkButtonProps) {
  return (
    <Button asChild {...rest}>
      <ReactRouterLink to={to} replace={replace}>
        {children}
      </ReactRouterLink>
    </Button>
  );
}
