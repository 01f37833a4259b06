import type { ReactNode } from 'react';
import { type LoaderFunctionArgs, Navigate, replace } from 'react-router-dom';
import { type Capability, can, type Principal } from '#shared/capabilities';
import { paths } from '../../config/paths.ts';
import { sessionGate } from './entry-guard.ts';
import { getSession, useSession } from './session-store.ts';

export function hasCapabilities(principal: Principal | null, capabilities: readonly Capability[]): boolean {
  return capabilities.every((capability) => can(principal, capability));
}

/**
 * A route loader that lets only readers with every one of `capabilities` in
 * (spec §2.2: /dashboard and /admin need update-content, /archived-content also
 * view-archived-content); everyone else is sent home, replacing the entry.
 */
export function requireCapabilities(...capabilities: Capability[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    await sessionGate(request);
    if (!hasCapabilities(getSession().principal, capabilities)) return replace(paths.home);
    return null;
  };
}

/** Renders `children` while the session has the capabilities; sends home (replace) once it loses them (logout, expiry). */
export function RequireCapabilities({
  capabilities,
  children,
}: {
  capabilities: readonly Capability[];
  children: ReactNode;
}) {
  const { principal, status } = useSession();
  // While a login is in flight the reader is neither in nor out: decide once it settles.
  if (status === 'logging-in') return null;
  if (!hasCapabilities(principal, capabilities)) return <Navigate to={paths.home} replace />;
  return children;
}
