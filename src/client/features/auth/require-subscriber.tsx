import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { isSubscriber, useAuth } from './auth-context.tsx';

/**
 * SPEC 2's protected-route guard: no user goes to /login and a user without access to /pricing, both
 * remembering where they came from. The server enforces the same rules on every API call.
 */
export function RequireSubscriber() {
  const { user, ready } = useAuth();
  const location = useLocation();
  if (!ready) return <PageLoader label="Checking your access" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!isSubscriber(user)) return <Navigate to="/pricing" replace state={{ from: location }} />;
  return <Outlet />;
}
