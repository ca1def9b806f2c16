import { type Access, canAccess } from '@domain';
import type { ReactNode } from 'react';
import { Navigate } from '../lib/router';
import { useAuth } from '../lib/auth/auth-context';

/**
 * The guard of a screen of the route table (routes.tsx): shown when canAccess admits the user, the
 * same check the sidebar makes. Anyone else goes to /profile, which admits every signed-in user. The
 * server refuses the data regardless.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { user, rules } = useAuth();
  if (!canAccess(user, access, rules)) return <Navigate to="/profile" replace />;
  return children;
}
