import { Container } from '@chakra-ui/react';
import type { Crumb } from '../../lib/breadcrumbs.ts';
import { Breadcrumbs } from '../ui/breadcrumbs.tsx';

/** The path breadcrumbs of the shell (spec §2.3), under the header. */
export function ShellBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <Container maxW="7xl" pt="4">
      <Breadcrumbs crumbs={crumbs} capitalize />
    </Container>
  );
}
