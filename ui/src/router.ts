/**
 * Hash routes, so the coordinator serves one `index.html` and every page is a bookmarkable
 * address: `#/` overview, `#/queries`, `#/query/{id}`, `#/workers`, `#/workbench`. Presto's
 * `query.html?{id}` (the statement resource's `infoUri`) maps to the query page.
 */
export type Route =
  | { readonly page: 'overview' }
  | { readonly page: 'queries' }
  | { readonly page: 'query'; readonly queryId: string }
  | { readonly page: 'workers' }
  | { readonly page: 'workbench' }
  | { readonly page: 'not-found'; readonly path: string };

export function parseRoute(hash: string, pathname = '', search = ''): Route {
  if ((hash === '' || hash === '#') && pathname.endsWith('/query.html') && search.length > 1) {
    return { page: 'query', queryId: decodeURIComponent(search.slice(1).split('&')[0]!) };
  }
  const path = hash.replace(/^#/, '') || '/';
  if (path === '/') return { page: 'overview' };
  if (path === '/queries') return { page: 'queries' };
  if (path === '/workers') return { page: 'workers' };
  if (path === '/workbench') return { page: 'workbench' };
  const query = /^\/query\/([^/]+)$/.exec(path);
  if (query) return { page: 'query', queryId: decodeURIComponent(query[1]!) };
  return { page: 'not-found', path };
}
