import type { ChangePasswordBody, SessionUser, Strategy, UpdateProfileBody } from '@prepwise/contract';
import { api } from '../../lib/api-client';

/** Seed-spec §7: PUT /admin/auth/update-profile for staff, /user/auth/update for everyone else. */
export function updateProfile(strategy: Strategy, body: UpdateProfileBody) {
  return api.put<SessionUser>(
    strategy === 'admin' ? '/admin/auth/update-profile' : '/user/auth/update',
    body,
  );
}

export function changePassword(strategy: Strategy, body: ChangePasswordBody) {
  return api.put<{ message_key: string }>(
    strategy === 'admin' ? '/admin/auth/change-password' : '/user/auth/change-password',
    body,
  );
}
