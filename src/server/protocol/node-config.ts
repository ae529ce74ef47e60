/**
 * The configuration of one Vivace process, read the way Presto lays it out: `etc/node.properties`
 * (node.id, node.environment) and `etc/config.properties` (coordinator, http-server.http.port,
 * discovery.uri, memory limits, the internal shared secret, failure-detector and discovery
 * timings). Every key has a default so a bare `vivace start` works; command-line flags override
 * the files. Unknown keys are kept (catalog-independent plugins may read them) but ignored here.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VivaceError } from '../../common/vivace-error.js';
import { parseDataSize, parseDuration } from './airlift-format.js';

export interface NodeConfig {
  readonly etcDirectory: string;
  /**
   * `node.data-dir` (Trino's key): where the default `lake` catalog keeps its metastore and
   * managed tables; default `data` beside the etc directory. Absent in configurations made in
   * code (no default lake catalog then).
   */
  readonly dataDirectory?: string;
  readonly nodeId: string;
  readonly environment: string;
  readonly coordinator: boolean;
  /**
   * `node-scheduler.include-coordinator` (Trino's key): whether the coordinator is meant to run
   * work itself. When false and no worker is active, queries still run on the coordinator, with a
   * COORDINATOR_ONLY_EXECUTION warning (`vivace start` with workers sets it to false).
   */
  readonly includeCoordinator: boolean;
  /** Address the HTTP server binds to and advertises. */
  readonly httpHost: string;
  /** 0 picks a free port. */
  readonly httpPort: number;
  readonly discoveryUri: string | undefined;
  readonly queryMaxMemoryBytes: number;
  readonly queryMaxMemoryPerNodeBytes: number;
  /** Admission, abandonment and retention of queries on the coordinator. */
  readonly queryManagement: {
    readonly maxRunning: number;
    /** How many of the run slots one user's queries may hold at once. */
    readonly maxRunningPerUser: number;
    readonly maxQueued: number;
    readonly clientTimeoutMs: number;
    /** How long a query may wait for its client's first poll before it is abandoned. */
    readonly firstPollTimeoutMs: number;
    readonly maxHistory: number;
    readonly minExpireAgeMs: number;
  };
  /** The HTTP server: limits on slow clients, the URIs it hands out, what errors show. */
  readonly httpServer: {
    readonly requestHeadersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    /** Build the URIs sent to clients from X-Forwarded-Proto/Host/Port (a trusted proxy in front). */
    readonly processForwarded: boolean;
    /** The base URI clients reach the coordinator at (e.g. a proxy's); wins over everything else. */
    readonly externalUri: string | undefined;
    /** Send stack traces in error responses (`failureInfo.stack`); they always go to the log. */
    readonly includeStackTraces: boolean;
  };
  /** When set, internal requests must carry a signature made with it. */
  readonly sharedSecret: string | undefined;
  readonly heartbeatIntervalMs: number;
  /** How long a ping may take before it counts as a failure. */
  readonly heartbeatTimeoutMs: number;
  readonly failureThreshold: number;
  readonly warmupMs: number;
  /** A failed node that answered every ping for this long is healthy again. */
  readonly recoveryMs: number;
  readonly expirationGraceMs: number;
  readonly announcementIntervalMs: number;
  /** Announcements not renewed within this time are forgotten. */
  readonly discoveryMaxAgeMs: number;
  /**
   * A node that goes idle runs a full collection and trims the C heap, twice, a few seconds apart
   * (`memory.release-when-idle`); off, it keeps what it holds until V8 collects on its own.
   */
  readonly releaseMemoryWhenIdle: boolean;
  readonly properties: ReadonlyMap<string, string>;
}

/** Values given on the command line; they win over the files. Keys are property names. */
export type ConfigOverrides = Readonly<Record<string, string | undefined>>;

/**
 * Parses Java properties text: `key=value` or `key: value` or `key value`, `#`/`!` comments,
 * trailing-backslash continuation lines and the common escapes.
 */
export function parseProperties(text: string): Map<string, string> {
  const result = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].replace(/^\s+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + lines[++i].replace(/^\s+/, '');
    }
    const separator = /(?<!\\)[=:\s]/.exec(line);
    const key = separator ? line.slice(0, separator.index) : line;
    let value = separator ? line.slice(separator.index + 1) : '';
    if (separator && /\s/.test(separator[0])) value = value.replace(/^\s*[=:]?/, '');
    result.set(unescapeProperty(key), unescapeProperty(value.replace(/^\s+/, '')));
  }
  return result;
}

function unescapeProperty(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) => {
    if (escaped.length === 5) return String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
    return escaped === 't' ? '\t' : escaped === 'n' ? '\n' : escaped === 'r' ? '\r' : escaped;
  });
}

function readPropertiesFile(path: string): Map<string, string> {
  return existsSync(path) ? parseProperties(readFileSync(path, 'utf8')) : new Map();
}

const DEFAULTS: Readonly<Record<string, string>> = {
  'node.environment': 'production',
  coordinator: 'true',
  'node-scheduler.include-coordinator': 'true',
  'http-server.http.host': '127.0.0.1',
  'http-server.http.port': '8080',
  'http-server.request-headers-timeout': '5s',
  'http-server.request-timeout': '15s',
  'http-server.process-forwarded': 'false',
  'http-server.include-stack-traces': 'false',
  'query.max-memory': '20GB',
  'query.max-memory-per-node': '1GB',
  'query.max-concurrent-queries': '32',
  'query.max-queued-queries': '1000',
  'query.client.timeout': '5m',
  'query.client.first-poll-timeout': '30s',
  'query.max-history': '100',
  'query.min-expire-age': '15m',
  'failure-detector.heartbeat-interval': '500ms',
  'failure-detector.heartbeat-timeout': '1s',
  'failure-detector.threshold': '0.1',
  'failure-detector.warmup-interval': '1s',
  'failure-detector.recovery-interval': '2s',
  'failure-detector.expiration-grace-interval': '10m',
  'discovery.announcement-interval': '2s',
  'discovery.max-age': '30s',
  'memory.release-when-idle': 'true',
};

/** Reads `node.properties` and `config.properties` from `etcDirectory`, then applies `overrides`. */
export function loadNodeConfig(etcDirectory: string, overrides: ConfigOverrides = {}): NodeConfig {
  const properties = new Map<string, string>(Object.entries(DEFAULTS));
  for (const file of ['node.properties', 'config.properties']) {
    for (const [key, value] of readPropertiesFile(join(etcDirectory, file))) properties.set(key, value);
  }
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) properties.set(key, value);
  return nodeConfigFromProperties(etcDirectory, properties);
}

export function nodeConfigFromProperties(etcDirectory: string, properties: Map<string, string>): NodeConfig {
  const get = (key: string): string => properties.get(key) ?? DEFAULTS[key];
  const optional = (key: string): string | undefined => {
    const value = properties.get(key)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const positiveInteger = (key: string): number => {
    const value = Number(get(key));
    if (!Number.isInteger(value) || value < 1) {
      throw new VivaceError('CONFIGURATION_INVALID', `${key} must be a positive integer, not '${get(key)}'`);
    }
    return value;
  };
  const boolean = (key: string): boolean => {
    const text = get(key).trim().toLowerCase();
    if (text !== 'true' && text !== 'false') {
      throw new VivaceError('CONFIGURATION_INVALID', `${key} must be true or false, not '${get(key)}'`);
    }
    return text === 'true';
  };
  const positiveDuration = (key: string): number => {
    const value = parseDuration(get(key));
    if (!(value > 0)) throw new VivaceError('CONFIGURATION_INVALID', `${key} must be longer than 0, not '${get(key)}'`);
    return value;
  };
  const coordinator = boolean('coordinator');
  const port = Number(get('http-server.http.port'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new VivaceError('CONFIGURATION_INVALID', `http-server.http.port is not a TCP port: '${port}'`);
  }
  const threshold = Number(get('failure-detector.threshold'));
  if (!(threshold >= 0 && threshold <= 1)) {
    throw new VivaceError('CONFIGURATION_INVALID', 'failure-detector.threshold must be between 0 and 1');
  }
  const discoveryUri = optional('discovery.uri')?.replace(/\/+$/, '');
  if (discoveryUri !== undefined && !/^https?:\/\/[^/]+$/.test(discoveryUri)) {
    throw new VivaceError('CONFIGURATION_INVALID', `discovery.uri is not an http URL: '${discoveryUri}'`);
  }
  const externalUri = optional('http-server.external-uri')?.replace(/\/+$/, '');
  if (externalUri !== undefined && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(externalUri)) {
    throw new VivaceError('CONFIGURATION_INVALID', `http-server.external-uri is not an http URL: '${externalUri}'`);
  }
  const maxRunning = positiveInteger('query.max-concurrent-queries');
  // Half the slots by default, so one user's pile of queries always leaves room for others.
  const maxRunningPerUser =
    optional('query.max-concurrent-queries-per-user') === undefined
      ? Math.ceil(maxRunning / 2)
      : positiveInteger('query.max-concurrent-queries-per-user');
  return {
    etcDirectory,
    dataDirectory: optional('node.data-dir') ?? join(etcDirectory, '..', 'data'),
    nodeId: optional('node.id') ?? randomUUID(),
    environment: get('node.environment'),
    coordinator,
    includeCoordinator: boolean('node-scheduler.include-coordinator'),
    httpHost: get('http-server.http.host'),
    httpPort: port,
    discoveryUri,
    queryMaxMemoryBytes: parseDataSize(get('query.max-memory')),
    queryMaxMemoryPerNodeBytes: parseDataSize(get('query.max-memory-per-node')),
    queryManagement: {
      maxRunning,
      maxRunningPerUser,
      maxQueued: positiveInteger('query.max-queued-queries'),
      clientTimeoutMs: parseDuration(get('query.client.timeout')),
      firstPollTimeoutMs: positiveDuration('query.client.first-poll-timeout'),
      maxHistory: positiveInteger('query.max-history'),
      minExpireAgeMs: parseDuration(get('query.min-expire-age')),
    },
    httpServer: {
      requestHeadersTimeoutMs: positiveDuration('http-server.request-headers-timeout'),
      requestTimeoutMs: positiveDuration('http-server.request-timeout'),
      processForwarded: boolean('http-server.process-forwarded'),
      externalUri,
      includeStackTraces: boolean('http-server.include-stack-traces'),
    },
    sharedSecret: optional('internal-communication.shared-secret'),
    heartbeatIntervalMs: parseDuration(get('failure-detector.heartbeat-interval')),
    heartbeatTimeoutMs: parseDuration(get('failure-detector.heartbeat-timeout')),
    failureThreshold: threshold,
    warmupMs: parseDuration(get('failure-detector.warmup-interval')),
    recoveryMs: parseDuration(get('failure-detector.recovery-interval')),
    expirationGraceMs: parseDuration(get('failure-detector.expiration-grace-interval')),
    announcementIntervalMs: parseDuration(get('discovery.announcement-interval')),
    discoveryMaxAgeMs: parseDuration(get('discovery.max-age')),
    releaseMemoryWhenIdle: boolean('memory.release-when-idle'),
    properties,
  };
}
