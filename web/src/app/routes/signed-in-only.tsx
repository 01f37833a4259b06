import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/auth/session-store.ts';

/**
 * A signed-in reader's own screen (Saved searches, My library): nothing while the
 * session is being restored, home for a visitor (the route's loader has already asked
 * a visitor to sign in when the address was opened directly), else `children`.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  if (status === 'logging-in') return null;
  if (!user) return <Navigate to={paths.home} replace />;
  return children;
}
