import type { Page } from '@prepwise/contract';

/** Runs the page query and the count together and answers the list envelope's `result`. */
export async function paginate<T>(
  query: { page: number; pageSize: number },
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<{ n: number }[]>,
): Promise<Page<T>> {
  const [items, [counted]] = await Promise.all([
    rows(query.pageSize, (query.page - 1) * query.pageSize),
    total(),
  ]);
  return { items, page: query.page, pageSize: query.pageSize, total: Number(counted?.n ?? 0) };
}
