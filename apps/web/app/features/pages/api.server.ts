import type { ContentPage } from '@prepwise/contract';
import { data } from 'react-router';
import type { ServerApi } from '../../lib/load-context';
import { server } from '../../lib/server-api';

/** A published page by slug through the in-process API; anything else is the 404 page. */
export async function loadPublicPage(api: ServerApi, slug: string): Promise<ContentPage> {
  const response = await server(api).get('/public/pages/{slug}', { path: { slug } });
  if (response.status === 404 || response.status === 400) throw data(null, { status: 404 });
  if (!response.ok) throw data(null, { status: 500 });
  return response.body.result;
}
