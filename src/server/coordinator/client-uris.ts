/**
 * The base of every absolute URI the coordinator hands to clients (`nextUri`, `infoUri`,
 * `partialCancelUri`, the query resource's `self`): never the request's Host header, which any
 * client can set to send the next client of a shared proxy or cache elsewhere. In order:
 *
 * 1. `http-server.external-uri` when configured: the address clients reach the coordinator at.
 * 2. With `http-server.process-forwarded=true` (Trino's key; only behind a proxy that sets these
 *    headers itself): scheme from `X-Forwarded-Proto`, host from `X-Forwarded-Host` (else the
 *    Host header the proxy passed on), port from `X-Forwarded-Port`. Malformed values are ignored.
 * 3. Otherwise the local address of the connection the request arrived on, which the client
 *    cannot choose.
 */
import type { FastifyRequest } from 'fastify';

export interface ClientUriSettings {
  readonly externalUri?: string;
  readonly processForwarded?: boolean;
}

/** `host`, `host:port`, `[v6]` or `[v6]:port`. */
const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i;

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',', 1)[0]?.trim();
  return first === undefined || first === '' ? undefined : first;
}

function validPort(text: string | undefined): string | undefined {
  if (text === undefined || !/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? String(port) : undefined;
}

function origin(scheme: string, host: string, port: string | undefined): string {
  const defaultPort = (scheme === 'https' && port === '443') || (scheme === 'http' && port === '80');
  return `${scheme}://${host}${port === undefined || defaultPort ? '' : `:${port}`}`;
}

/** The address the request's connection arrived at, as a URI authority. */
function localOrigin(request: FastifyRequest): string {
  const socket = request.raw.socket;
  let address = socket?.localAddress;
  if (address === undefined || socket.localPort === undefined) return `${request.protocol}://localhost`;
  if (address.startsWith('::ffff:') && address.includes('.')) address = address.slice('::ffff:'.length);
  const host = address.includes(':') ? `[${address}]` : address;
  return origin(request.protocol, host, String(socket.localPort));
}

function forwardedOrigin(request: FastifyRequest): string | undefined {
  const proto = firstValue(request.headers['x-forwarded-proto'])?.toLowerCase();
  const scheme = proto === 'http' || proto === 'https' ? proto : request.protocol;
  const hostHeader = firstValue(request.headers['x-forwarded-host']) ?? firstValue(request.headers.host);
  const host = hostHeader === undefined ? undefined : HOST_AND_PORT.exec(hostHeader);
  if (!host) return undefined;
  const port = validPort(firstValue(request.headers['x-forwarded-port'])) ?? validPort(host[2]);
  return origin(scheme, host[1].toLowerCase(), port);
}

/** `scheme://host[:port][/prefix]` for URIs sent in answer to `request`, without a trailing slash. */
export function clientBaseUri(request: FastifyRequest, settings: ClientUriSettings = {}): string {
  if (settings.externalUri !== undefined) return settings.externalUri;
  if (settings.processForwarded) return forwardedOrigin(request) ?? localOrigin(request);
  return localOrigin(request);
}
