import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as ReactRouterLink } from 'react-router-dom';
import type { Crumb } from '../../lib/breadcrumbs.ts';

/** A breadcrumb trail in a navigation landmark; the last crumb is the page on screen. */
export function Breadcrumbs({ crumbs, capitalize = false }: { crumbs: readonly Crumb[]; capitalize?: boolean }) {
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumb.Root aria-label="Breadcrumb" size="md">
      <Breadcrumb.List flexWrap="wrap" rowGap="1">
        {crumbs.map((crumb) => (
          <Fragment key={crumb.to}>
            <Breadcrumb.Item textTransform={capitalize ? 'capitalize' : undefined}>
              {crumb.current ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <Breadcrumb.Link asChild color="link" textDecoration="underline" textUnderlineOffset="3px">
                  <ReactRouterLink to={crumb.to}>{crumb.label}</ReactRouterLink>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>
            {crumb.current ? null : <Breadcrumb.Separator />}
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
