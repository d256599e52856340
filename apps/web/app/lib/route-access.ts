/**
 * The route guard (seed-spec §4–5), in two modules imported through this one: route-guard.ts decides
 * (who may open a page, sign-in paths, the default homes), route-table.ts holds every page's guard (the
 * site's pages, and the back office's from the page manifests). Public pages use only the first, so
 * the second — every back-office page of the manifests — never reaches their shell chunk.
 */
export * from './route-guard';
export * from './route-table';
