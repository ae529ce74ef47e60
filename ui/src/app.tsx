/** The application shell: the navigation bar and the page the current route names. */
import { useEffect, useState } from 'preact/hooks';
import { OverviewPage } from './pages/overview.js';
import { QueryDetailPage } from './pages/query-detail.js';
import { QueryListPage } from './pages/query-list.js';
import { WorkbenchPage } from './pages/workbench.js';
import { WorkersPage } from './pages/workers.js';
import { parseRoute, type Route } from './router.js';

function currentRoute(): Route {
  return parseRoute(window.location.hash, window.location.pathname, window.location.search);
}

const LINKS: { href: string; label: string; pages: Route['page'][] }[] = [
  { href: '#/', label: 'Overview', pages: ['overview'] },
  { href: '#/queries', label: 'Queries', pages: ['queries', 'query'] },
  { href: '#/workers', label: 'Workers', pages: ['workers'] },
  { href: '#/workbench', label: 'Workbench', pages: ['workbench'] },
];

/** The logged-in user the server names in its readable cookie (issue 17), when there is a login. */
function loggedInUser(): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith('Vivace-UI-User='));
  const value = entry?.slice('Vivace-UI-User='.length);
  return value ? decodeURIComponent(value) : undefined;
}

export function App() {
  const user = loggedInUser();
  const [route, setRoute] = useState<Route>(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  useEffect(() => {
    document.title = route.page === 'query' ? `Vivace · ${route.queryId}` : `Vivace · ${route.page}`;
  }, [route]);

  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <span class="brand">Vivace</span>
        <nav aria-label="Pages">
          {LINKS.map((link) => (
            <a key={link.href} href={link.href} aria-current={link.pages.includes(route.page) ? 'page' : undefined}>
              {link.label}
            </a>
          ))}
        </nav>
        {user !== undefined && (
          <span class="session" data-testid="session-user">
            {user} · <a href="/ui/logout">Log out</a>
          </span>
        )}
      </header>
      <main id="main">
        {route.page === 'overview' && <OverviewPage />}
        {route.page === 'queries' && <QueryListPage />}
        {route.page === 'query' && <QueryDetailPage key={route.queryId} queryId={route.queryId} />}
        {route.page === 'workers' && <WorkersPage />}
        {route.page === 'workbench' && <WorkbenchPage />}
        {route.page === 'not-found' && (
          <section>
            <h1>Not found</h1>
            <p>
              No page at <code>{route.path}</code>. <a href="#/">Go to the overview.</a>
            </p>
          </section>
        )}
      </main>
    </>
  );
}
