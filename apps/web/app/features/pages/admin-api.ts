import type { Media } from '@prepwise/contract';
import { API_BASE } from '@prepwise/contract';
import { ApiError } from '../../lib/api-client';
import { toApiError } from '../../lib/api-error';

/** Uploads an image to POST /api/admin/media (multipart field `file`). */
/** Uploads to the admin's media, or to the organization's (`/educator`) from the organization portal. */
export async function uploadImage(file: File, realm: '/admin' | '/educator' = '/admin'): Promise<Media> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${API_BASE}${realm}/media`, {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(payload, response.status);
  return (payload as { result: Media }).result;
}

export { ApiError };
