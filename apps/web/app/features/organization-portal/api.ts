import type { OrganizationProfileBody } from '@prepwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The organization portal's own endpoints (`/api/educator/dashboard`, `/api/educator/organization`). */
const KEYS = {
  dashboard: ['organization', 'dashboard'] as const,
  profile: ['organization', 'profile'] as const,
};

export function useDashboard() {
  return useQuery({
    queryKey: KEYS.dashboard,
    queryFn: () => apiClient.get('/educator/dashboard'),
  });
}

export function useOrganizationProfile() {
  return useQuery({
    queryKey: KEYS.profile,
    queryFn: () => apiClient.get('/educator/organization'),
  });
}

export function useUpdateOrganizationProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationProfileBody) => apiClient.put('/educator/organization', { body }),
    onSuccess: (profile) => {
      client.setQueryData(KEYS.profile, profile);
      void client.invalidateQueries({ queryKey: KEYS.dashboard });
    },
  });
}
