import type { Media } from '@prepwise/contract';
import { API_BASE } from '@prepwise/contract';
import { ApiError } from '../../lib/api-client';
import { toApiError } from '../../lib/api-error';

/**
 * Uploads an image (multipart field `file`) to the platform's media (`/admin/media`), to the caller's
 * organization's from its portal (`/educator/media`), or to an organization's from the admin
 * (`/admin/organizations/{id}/media`).
 */
export async function uploadImage(file: File, path = '/admin/media'): Promise<Media> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(payload, response.status);
  return (payload as { result: Media }).result;
}

export { ApiError };
