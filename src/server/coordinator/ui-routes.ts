/**
 * Serves the web UI: the static files Vite builds into `dist/webui/` under `/ui/`, with `/` and
 * `/ui` redirecting to `/ui/`. `/ui/query.html?{queryId}` (the `infoUri` statement responses
 * point at, as in Presto) serves the same single-page app, which opens that query's detail page.
 * When the UI was not built the routes answer 503 with how to build it, rather than a bare 404.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface UiRoutesOptions {
  /** The built UI; by default `dist/webui` next to the compiled server, else under the working directory. */
  readonly directory?: string;
}

/** Where the UI build lives relative to this module (`dist/src/server/coordinator/` → `dist/webui/`). */
export function defaultUiDirectory(): string {
  const beside = resolve(dirname(fileURLToPath(import.meta.url)), '../../../webui');
  if (existsSync(join(beside, 'index.html'))) return beside;
  return resolve(process.cwd(), 'dist/webui');
}

export function registerUiRoutes(app: FastifyInstance, options: UiRoutesOptions = {}): void {
  const directory = options.directory ?? defaultUiDirectory();
  app.get('/', async (_request, reply) => reply.redirect('/ui/'));
  app.get('/ui', async (_request, reply) => reply.redirect('/ui/'));
  if (!existsSync(join(directory, 'index.html'))) {
    const missing = `The web UI is not built (no ${join(directory, 'index.html')}): run npm run build`;
    app.get('/ui/*', async (_request, reply) => reply.code(503).type('text/plain').send(missing));
    return;
  }
  app.register(fastifyStatic, { root: directory, prefix: '/ui/', index: 'index.html', wildcard: true });
  // Presto's query page address; the app reads the id from the query string.
  app.get('/ui/query.html', async (_request, reply) => reply.type('text/html').sendFile('index.html', directory));
}
