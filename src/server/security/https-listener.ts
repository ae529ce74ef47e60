/**
 * Where a node listens (issue 17): plain HTTP on `http-server.http.port` as before, and with
 * `http-server.https.enabled` also HTTPS on `http-server.https.port`, serving the same Fastify app
 * (its router, hooks and routes) through `app.routing`; `http-server.http.enabled=false` leaves
 * HTTPS only. The HTTPS server gets the same slow-client limits as the app's own server
 * (cluster/http-server.ts) and is closed with the app.
 */
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_HTTP_SERVER_TIMEOUTS, type HttpServerTimeouts } from '../protocol/http-server.js';
import type { ServerTlsOptions } from './tls.js';

export interface ListenOptions {
  readonly host: string;
  /** Plain HTTP port (0 picks one); undefined: no plain HTTP listener. */
  readonly httpPort: number | undefined;
  readonly https?: { readonly port: number; readonly tls: ServerTlsOptions };
  readonly timeouts?: HttpServerTimeouts;
}

export interface Listening {
  /** `http://host:port` when plain HTTP is served. */
  readonly httpUrl: string | undefined;
  /** `https://host:port` when HTTPS is served. */
  readonly httpsUrl: string | undefined;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the node's listeners for `app` (routes registered); closing the app closes them all. */
export async function listenNode(app: FastifyInstance, options: ListenOptions): Promise<Listening> {
  let httpsServer: HttpsServer | undefined;
  if (options.https !== undefined) {
    const timeouts = options.timeouts ?? DEFAULT_HTTP_SERVER_TIMEOUTS;
    const headersTimeout = Math.min(timeouts.requestHeadersTimeoutMs, timeouts.requestTimeoutMs);
    const server = createHttpsServer(
      {
        ...options.https.tls,
        minVersion: 'TLSv1.2',
        headersTimeout,
        requestTimeout: timeouts.requestTimeoutMs,
        connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
      },
      (request, response) => app.routing(request, response),
    );
    server.keepAliveTimeout = 72_000;
    httpsServer = server;
    app.addHook('onClose', async () => {
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    });
  }
  let httpUrl: string | undefined;
  if (options.httpPort !== undefined) {
    await app.listen({ host: options.host, port: options.httpPort });
    const address = app.server.address() as AddressInfo | null;
    httpUrl = `http://${urlHost(options.host)}:${address?.port ?? options.httpPort}`;
  } else {
    await app.ready();
  }
  let httpsUrl: string | undefined;
  if (httpsServer !== undefined && options.https !== undefined) {
    const server = httpsServer;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.https?.port ?? 0, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address() as AddressInfo | null;
    httpsUrl = `https://${urlHost(options.host)}:${address?.port ?? options.https.port}`;
  }
  return { httpUrl, httpsUrl };
}
