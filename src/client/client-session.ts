/**
 * What a client sends with every statement: user, source, default catalog and schema, time zone,
 * session properties, prepared statements and tags, turned into the protocol's request headers.
 * The header prefix is `X-Service-` (our spec); Presto's and Trino's prefixes work the same way.
 */

export interface ClientSession {
  readonly server: string;
  readonly user: string;
  readonly source?: string;
  readonly catalog?: string;
  readonly schema?: string;
  readonly timeZone?: string;
  readonly language?: string;
  /** Session properties, `name` or `catalog.name` → value. */
  readonly properties: Readonly<Record<string, string>>;
  /** Prepared statements, name → SQL text. */
  readonly preparedStatements: Readonly<Record<string, string>>;
  readonly clientTags?: readonly string[];
  readonly clientInfo?: string;
  readonly traceToken?: string;
  readonly transactionId?: string;
  /** `X-Service-` unless talking to a server that expects `X-Presto-` or `X-Trino-`. */
  readonly headerPrefix?: string;
  /** Sent with HTTP Basic authentication (the server must be https://). */
  readonly password?: string;
  /** TLS of an https:// server: extra trusted CAs (PEM), or no certificate check at all (`--insecure`). */
  readonly tls?: { readonly ca?: string; readonly insecure?: boolean };
}

export function newClientSession(server: string, user: string, overrides: Partial<ClientSession> = {}): ClientSession {
  return { server: server.replace(/\/+$/, ''), user, properties: {}, preparedStatements: {}, ...overrides };
}

/** The request headers of a statement POST for `session`. */
export function sessionHeaders(session: ClientSession): Record<string, string> {
  const prefix = session.headerPrefix ?? 'X-Service-';
  const headers: Record<string, string> = { [`${prefix}User`]: session.user };
  if (session.password !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${session.user}:${session.password}`).toString('base64')}`;
  }
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') headers[`${prefix}${name}`] = value;
  };
  set('Source', session.source);
  set('Catalog', session.catalog);
  set('Schema', session.schema);
  set('Time-Zone', session.timeZone);
  set('Language', session.language);
  set('Client-Info', session.clientInfo);
  set('Trace-Token', session.traceToken);
  set('Transaction-Id', session.transactionId);
  if (session.clientTags && session.clientTags.length > 0) set('Client-Tags', session.clientTags.join(','));
  const properties = Object.entries(session.properties);
  if (properties.length > 0) {
    set('Session', properties.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join(','));
  }
  const prepared = Object.entries(session.preparedStatements);
  if (prepared.length > 0) {
    set(
      'Prepared-Statement',
      prepared.map(([name, sql]) => `${encodeURIComponent(name)}=${encodeURIComponent(sql)}`).join(','),
    );
  }
  return headers;
}

/** Session changes a server announces in response headers (USE, SET/RESET SESSION, PREPARE, ...). */
export interface SessionUpdates {
  setCatalog?: string;
  setSchema?: string;
  readonly setProperties: Map<string, string>;
  readonly clearedProperties: Set<string>;
  readonly addedPrepared: Map<string, string>;
  readonly deallocatedPrepared: Set<string>;
  startedTransactionId?: string;
  clearTransactionId?: boolean;
}

export function emptySessionUpdates(): SessionUpdates {
  return {
    setProperties: new Map(),
    clearedProperties: new Set(),
    addedPrepared: new Map(),
    deallocatedPrepared: new Set(),
  };
}

const SESSION_HEADERS = [
  'Set-Catalog',
  'Set-Schema',
  'Set-Session',
  'Clear-Session',
  'Added-Prepare',
  'Deallocated-Prepare',
  'Started-Transaction-Id',
  'Clear-Transaction-Id',
] as const;
type SessionHeader = (typeof SESSION_HEADERS)[number];

/**
 * The session headers' names under `prefix`, lower-cased as Node gives them: made once a prefix
 * (built and lower-cased for every response, they were 5 % of a client's CPU in small statements).
 */
const namesByPrefix = new Map<string, Readonly<Record<SessionHeader, string>>>();
function lowerCaseNames(prefix: string): Readonly<Record<SessionHeader, string>> {
  let names = namesByPrefix.get(prefix);
  if (names === undefined) {
    names = Object.fromEntries(SESSION_HEADERS.map((name) => [name, `${prefix}${name}`.toLowerCase()])) as Record<
      SessionHeader,
      string
    >;
    namesByPrefix.set(prefix, names);
  }
  return names;
}

/** Reads the session-changing response headers into `updates` (headers are lowercase, as Node gives them). */
export function readSessionUpdates(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  prefix: string,
  updates: SessionUpdates,
): void {
  const names = lowerCaseNames(prefix);
  const values = (name: SessionHeader): string[] => {
    const value = headers[names[name]];
    if (value === undefined) return [];
    return (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim());
  };
  const first = values('Set-Catalog')[0];
  if (first !== undefined) updates.setCatalog = first;
  const schema = values('Set-Schema')[0];
  if (schema !== undefined) updates.setSchema = schema;
  for (const pair of values('Set-Session')) {
    const at = pair.indexOf('=');
    if (at > 0) updates.setProperties.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
  }
  for (const name of values('Clear-Session')) if (name !== '') updates.clearedProperties.add(name);
  for (const pair of values('Added-Prepare')) {
    const at = pair.indexOf('=');
    if (at > 0) {
      updates.addedPrepared.set(decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1)));
    }
  }
  for (const name of values('Deallocated-Prepare'))
    if (name !== '') updates.deallocatedPrepared.add(decodeURIComponent(name));
  const started = values('Started-Transaction-Id')[0];
  if (started !== undefined) updates.startedTransactionId = started;
  if (values('Clear-Transaction-Id')[0] === 'true') updates.clearTransactionId = true;
}

/** The session after a statement's updates, as the next statement should send it. */
export function applySessionUpdates(session: ClientSession, updates: SessionUpdates): ClientSession {
  const properties: Record<string, string> = { ...session.properties };
  for (const name of updates.clearedProperties) delete properties[name];
  for (const [name, value] of updates.setProperties) properties[name] = value;
  const prepared: Record<string, string> = { ...session.preparedStatements };
  for (const name of updates.deallocatedPrepared) delete prepared[name];
  for (const [name, sql] of updates.addedPrepared) prepared[name] = sql;
  let transactionId = session.transactionId;
  if (updates.clearTransactionId) transactionId = undefined;
  if (updates.startedTransactionId !== undefined) transactionId = updates.startedTransactionId;
  return {
    ...session,
    catalog: updates.setCatalog ?? session.catalog,
    schema: updates.setSchema ?? session.schema,
    properties,
    preparedStatements: prepared,
    transactionId,
  };
}
