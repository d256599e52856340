import type { ApiQuery } from '../../../lib/api-client';

/** What the notebook page shows: one of its views and the filters, all in the address. */
export interface NotebookQuery {
  view: 'to_review' | 'learned' | 'bookmarked' | 'all';
  test_id: string | null;
  section_id: string | null;
  type_id: string | null;
  page: number;
}

const VIEWS = ['to_review', 'learned', 'bookmarked', 'all'] as const;

/** The page's address → its query; anything unknown falls back to the defaults. */
export function readNotebookQuery(url: URL): NotebookQuery {
  const view = url.searchParams.get('view');
  const id = (name: string) => {
    const value = url.searchParams.get(name);
    return value && /^[0-9a-zA-Z-]{1,100}$/.test(value) ? value : null;
  };
  return {
    view: (VIEWS as readonly string[]).includes(view ?? '') ? (view as NotebookQuery['view']) : 'to_review',
    test_id: id('test'),
    section_id: id('part'),
    type_id: id('type'),
    page: Math.max(1, Math.min(1000, Math.floor(Number(url.searchParams.get('page'))) || 1)),
  };
}

/** The notebook list's query as the API declares it, but its page. */
export type NotebookApiFilter = Omit<ApiQuery<'/user/notebook'>, 'page' | 'pageSize'>;

/** The API's filter for a query (the bookmarks view is every bookmarked question, learned or not). */
export function notebookApiFilter(query: NotebookQuery): NotebookApiFilter {
  const filter: NotebookApiFilter = {
    status: query.view === 'bookmarked' ? 'all' : query.view,
  };
  if (query.view === 'bookmarked') filter.bookmarked = 'true';
  if (query.test_id) filter.test_id = query.test_id;
  if (query.section_id) filter.section_id = query.section_id;
  if (query.type_id) filter.type_id = query.type_id;
  return filter;
}
