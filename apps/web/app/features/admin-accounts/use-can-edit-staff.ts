import type { Staff } from '@prepwise/contract';
import { usePermission } from '../../components/permission-gate';
import { useSessionUser } from '../../lib/session';

/** update_user, and only a super admin may change a super admin (the API refuses otherwise). */
export function useCanEditStaff(): (member: Pick<Staff, 'is_admin'> | undefined) => boolean {
  const canUpdate = usePermission('update_user');
  const actor = useSessionUser();
  return (member) => canUpdate && Boolean(member) && (!member?.is_admin || Boolean(actor?.is_admin));
}
