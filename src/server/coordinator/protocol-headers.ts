/**
 * The client protocol's headers under the three prefixes clients use: our own `X-Service-`,
 * Presto's `X-Presto-` and Trino's `X-Trino-`. A request uses one family (mixing two is a 400, as
 * Trino answers); the response's session headers (Set-Catalog, Set-Session, Added-Prepare, ...)
 * use the prefix the request used, so each client reads the names it knows.
 */
import { zoneKeyOf } from '../../data/time-zones.js';
import type { QuerySession } from '../protocol/query-state.js';
import { TIME_ZONE_ID_PROPERTY } from '../query/session-properties.js';

export const HEADER_PREFIXES = ['X-Service-', 'X-Presto-', 'X-Trino-'] as const;
export type HeaderPrefix = (typeof HEADER_PREFIXES)[number];

/** The request family headers (without prefix) the statement resource reads. */
const KNOWN = [
  'User',
  'Source',
  'Catalog',
  'Schema',
  'Time-Zone',
  'Language',
  'Session',
  'Prepared-Statement',
  'Transaction-Id',
  'Client-Info',
  'Client-Tags',
  'Trace-Token',
  'Client-Capabilities',
  'Path',
  'Role',
  'Resource-Estimate',
  'Extra-Credential',
];

/** Every known header's lower-cased name under each prefix, to that prefix (made once, not per request). */
const PREFIX_OF_KNOWN_HEADER: ReadonlyMap<string, HeaderPrefix> = new Map(
  HEADER_PREFIXES.flatMap((prefix) => KNOWN.map((h) => [`${prefix}${h}`.toLowerCase(), prefix] as const)),
);

export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A protocol misuse: the caller answers 400 with the message. */
export class ProtocolError extends Error {}

/** The one prefix the request's protocol headers use (X-Service- when it uses none). */
export function requestPrefix(headers: RequestHeaders): HeaderPrefix {
  const used = new Set<HeaderPrefix>();
  for (const name of Object.keys(headers)) {
    const prefix = PREFIX_OF_KNOWN_HEADER.get(name.toLowerCase());
    if (prefix !== undefined) used.add(prefix);
  }
  if (used.size > 1) {
    throw new ProtocolError(`Request mixes protocol header prefixes: ${[...used].join(', ')}`);
  }
  return used.values().next().value ?? 'X-Service-';
}

function values(headers: RequestHeaders, name: string): string[] {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** `a=1, b=x%2Cy` pairs (the header may repeat): URL-decoded name → URL-decoded value. */
export function parsePairs(headerValues: readonly string[], what: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const item of headerValues.flatMap((v) => v.split(','))) {
    if (item.trim() === '') continue;
    const at = item.indexOf('=');
    if (at <= 0) throw new ProtocolError(`Invalid ${what} header: '${item.trim()}' is not name=value`);
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(item.slice(0, at).trim());
      value = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      throw new ProtocolError(`Invalid ${what} header: '${item.trim()}' is not URL-encoded`);
    }
    pairs.set(name, value);
  }
  return pairs;
}

export interface ProtocolRequest {
  readonly prefix: HeaderPrefix;
  readonly session: QuerySession;
  /** Prepared statements the client holds: name → SQL. */
  readonly preparedStatements: ReadonlyMap<string, string>;
  readonly transactionId?: string;
  readonly clientInfo?: string;
  readonly clientTags: readonly string[];
  readonly traceToken?: string;
  readonly language?: string;
}

/** Reads the session and the other protocol headers; a malformed one is a ProtocolError. */
export function readProtocolRequest(headers: RequestHeaders, defaultTimeZone: string): ProtocolRequest {
  const prefix = requestPrefix(headers);
  const one = (name: string): string | undefined => values(headers, `${prefix}${name}`)[0];
  const properties = Object.fromEntries(parsePairs(values(headers, `${prefix}Session`), 'session'));
  // SET TIME ZONE's property, which the client sends back, wins over the header (as Trino).
  const timeZone = properties[TIME_ZONE_ID_PROPERTY] ?? one('Time-Zone') ?? defaultTimeZone;
  try {
    zoneKeyOf(timeZone);
  } catch {
    throw new ProtocolError(`Time zone not supported: ${timeZone}`);
  }
  const prepared = parsePairs(values(headers, `${prefix}Prepared-Statement`), 'prepared statement');
  const transactionId = one('Transaction-Id');
  const tags = values(headers, `${prefix}Client-Tags`)
    .flatMap((v) => v.split(','))
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const session: QuerySession = {
    user: one('User') ?? 'anonymous',
    source: one('Source'),
    catalog: one('Catalog'),
    schema: one('Schema'),
    timeZone,
    properties,
  };
  if (session.schema !== undefined && session.catalog === undefined) {
    throw new ProtocolError(`Schema is set but catalog is not`);
  }
  return {
    prefix,
    session,
    preparedStatements: prepared,
    ...(transactionId !== undefined && transactionId.toUpperCase() !== 'NONE' ? { transactionId } : {}),
    ...(one('Client-Info') !== undefined ? { clientInfo: one('Client-Info') } : {}),
    clientTags: tags,
    ...(one('Trace-Token') !== undefined ? { traceToken: one('Trace-Token') } : {}),
    ...(one('Language') !== undefined ? { language: one('Language') } : {}),
  };
}
