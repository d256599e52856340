import type { Media } from '@prepwise/contract';
import { API_BASE } from '@prepwise/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { toApiError } from '../../lib/api-error';

/** `?a=1&b=x` from the defined values. */
export function toQueryString(params: Record<string, string | number | undefined | null>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** A mutation that refreshes the lists under `scope` once it succeeds. */
export function useInvalidating<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  scope: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: scope }) });
}

/** Uploads an image to POST /api/admin/media (multipart field `file`). */
export async function uploadImage(file: File): Promise<Media> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${API_BASE}/admin/media`, {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(payload, response.status);
  return (payload as { result: Media }).result;
}

export { ApiError };
