import { useCallback, useContext } from 'react';
import { AuthContext } from '../../../app/auth/auth-context';
import { permittedLink } from '../model/link-access';

/**
 * `(to) => to | undefined`: a statistics link kept only when the signed-in viewer may open its page
 * (model/link-access). Outside the signed-in area (a component rendered alone) links are kept.
 */
export function usePermittedLink(): (to: string | null | undefined) => string | undefined {
  const user = useContext(AuthContext)?.user;
  return useCallback((to: string | null | undefined) => permittedLink(user, to), [user]);
}
