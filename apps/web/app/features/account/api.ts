import type { ChangePasswordBody, Strategy, UpdateProfileBody } from '@prepwise/contract';
import { apiClient } from '../../lib/api-client';

/** Seed-spec §7: PUT /admin/auth/update-profile for staff, /user/auth/update for everyone else. */
export function updateProfile(strategy: Strategy, body: UpdateProfileBody) {
  return strategy === 'admin'
    ? apiClient.put('/admin/auth/update-profile', { body })
    : apiClient.put('/user/auth/update', { body });
}

export function changePassword(strategy: Strategy, body: ChangePasswordBody) {
  return strategy === 'admin'
    ? apiClient.put('/admin/auth/change-password', { body })
    : apiClient.put('/user/auth/change-password', { body });
}
