import { ROLE_NAMES, type RoleCode } from '@app/contract/roles';
import { useNavigate, useParams } from 'react-router';
import { DiscountFormModal } from '../components/discount-form-modal';
import { PermissionsModal } from '../components/permissions-modal';
import { UserFormModal } from '../components/user-form-modal';

/** Modal routes close back to the table (or details page) they were opened over. */
function useCloseTo(base: string) {
  const navigate = useNavigate();
  return () => void navigate(base, { replace: true });
}

function listBase(role?: RoleCode): string {
  return role === undefined ? '/@next/users' : `/@next/users/${ROLE_NAMES[role]}`;
}

function readUserId(text: string | undefined): number {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export function CreateUserRoute({ role }: { role?: RoleCode }) {
  const close = useCloseTo(listBase(role));
  return <UserFormModal defaultRole={role} onClose={close} />;
}

export function UpdateUserRoute({ role }: { role?: RoleCode }) {
  const { userId } = useParams();
  const close = useCloseTo(listBase(role));
  return <UserFormModal userId={readUserId(userId)} onClose={close} />;
}

export function PermissionsRoute({ role }: { role?: RoleCode }) {
  const { userId } = useParams();
  const close = useCloseTo(listBase(role));
  return <PermissionsModal userId={readUserId(userId)} onClose={close} />;
}

export function DiscountRoute() {
  const { userId } = useParams();
  const close = useCloseTo(`/@next/users/${readUserId(userId)}`);
  return <DiscountFormModal userId={readUserId(userId)} onClose={close} />;
}
