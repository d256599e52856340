import { REMOTE_IMAGE_KEYS } from '@prepwise/contract';
import type { DepsOf } from '../../deps';
import { validationFailed } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { fetchRemoteImage, RemoteImageError, type RemoteImageFailure } from '../../lib/remote-images';
import type { Tenant } from '../../tenancy/tenant';
import { saveUpload } from './media.service';

const FAILURE_KEYS: Record<RemoteImageFailure, string> = {
  refused: REMOTE_IMAGE_KEYS.refused,
  unavailable: REMOTE_IMAGE_KEYS.unavailable,
  too_large: REMOTE_IMAGE_KEYS.tooLarge,
  not_an_image: REMOTE_IMAGE_KEYS.notAnImage,
};

/** An `<img>`'s src in sanitized HTML (sanitize-html writes attributes in double quotes). */
const IMG_SRC = /<img\b[^>]*?\ssrc="([^"]*)"/g;

/**
 * Rich text of an organization keeps pictures from our storage only (issue 26): each `https://` picture of
 * another site is fetched when the text is saved (lib/remote-images.ts: public https host, PNG/JPEG/WebP,
 * 5 MB, a timeout), stored in the organization's media and pointed to as `/api/media/{id}`; one that cannot
 * be fetched refuses the field with 422 and a `media.remote_image_*` key. Platform staff's text is kept
 * as written (their https pictures stay, as the Content-Security-Policy allows). Returns the sanitized
 * text; the services sanitize again, which changes nothing.
 */
export function remoteImageLocalizer(
  deps: DepsOf<'config' | 'db' | 'storage' | 'log'>,
  tenant: Tenant,
  userId: string,
) {
  const fetched = new Map<string, string>();
  return async function localize<T extends string | null | undefined>(html: T, field: string): Promise<T> {
    if (!tenant.organizationId || typeof html !== 'string' || !html.includes('<img')) return html;
    let clean = sanitizeRichText(html);
    const sources = new Set([...clean.matchAll(IMG_SRC)].map((match) => match[1]!));
    for (const source of sources) {
      if (!/^https:/i.test(source)) continue;
      const url = source.replaceAll('&amp;', '&');
      let local = fetched.get(url);
      if (!local) {
        try {
          const bytes = await fetchRemoteImage(url, deps.config.remoteImages);
          const stored = await saveUpload(deps.db, deps.storage, tenant, {
            bytes,
            filename: fileNameOf(url),
            userId,
          });
          local = stored.url;
        } catch (error) {
          if (!(error instanceof RemoteImageError)) throw error;
          deps.log.info(
            { field, failure: error.failure, reason: error.message },
            'remote picture not fetched',
          );
          throw validationFailed(
            { [field]: FAILURE_KEYS[error.failure] },
            `A picture in ${field} could not be stored: ${error.message}`,
          );
        }
        fetched.set(url, local);
      }
      clean = clean.replaceAll(`src="${source}"`, `src="${local}"`);
    }
    return clean as T;
  };
}

export type RemoteImageLocalizer = ReturnType<typeof remoteImageLocalizer>;

function fileNameOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || undefined;
  } catch {
    return undefined;
  }
}
