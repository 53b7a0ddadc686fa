import { data, type RouterContextProvider } from 'react-router';
import { holdsRole, type StaffRole } from '@kunci/contracts/staff';
import { parsePath } from '@kunci/i18n/paths';
import { requireUser } from '../../lib/session.server.ts';

/** Back-office pages: signed-out visitors go to sign in; signed-in users without one of `roles` get a 403 page. */
export function requireStaffPage(request: Request, context: Readonly<RouterContextProvider>, roles: readonly StaffRole[]) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const user = requireUser(request, context, lang);
  if (!holdsRole(user.role, roles)) throw data(null, { status: 403 });
  return { user, lang };
}
