import { Navigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { findHomePath, toAppPath } from '../navigation';
import { ForbiddenPage } from './forbidden-page';

/** spec §2: the root goes to statistics (or the first section the user may open). */
export function HomeRedirect() {
  const { user } = useAuth();
  const home = findHomePath(user);
  return home ? <Navigate to={toAppPath(home)} replace /> : <ForbiddenPage />;
}
