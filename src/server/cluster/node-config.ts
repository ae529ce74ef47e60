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
  readonly nodeId: string;
  readonly environment: string;
  readonly coordinator: boolean;
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
    readonly maxQueued: number;
    readonly clientTimeoutMs: number;
    readonly maxHistory: number;
    readonly minExpireAgeMs: number;
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
  'http-server.http.host': '127.0.0.1',
  'http-server.http.port': '8080',
  'query.max-memory': '20GB',
  'query.max-memory-per-node': '1GB',
  'query.max-concurrent-queries': '32',
  'query.max-queued-queries': '1000',
  'query.client.timeout': '5m',
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
  const coordinatorText = get('coordinator').trim().toLowerCase();
  if (coordinatorText !== 'true' && coordinatorText !== 'false') {
    throw new VivaceError('CONFIGURATION_INVALID', `coordinator must be true or false, not '${get('coordinator')}'`);
  }
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
  return {
    etcDirectory,
    nodeId: optional('node.id') ?? randomUUID(),
    environment: get('node.environment'),
    coordinator: coordinatorText === 'true',
    httpHost: get('http-server.http.host'),
    httpPort: port,
    discoveryUri,
    queryMaxMemoryBytes: parseDataSize(get('query.max-memory')),
    queryMaxMemoryPerNodeBytes: parseDataSize(get('query.max-memory-per-node')),
    queryManagement: {
      maxRunning: positiveInteger('query.max-concurrent-queries'),
      maxQueued: positiveInteger('query.max-queued-queries'),
      clientTimeoutMs: parseDuration(get('query.client.timeout')),
      maxHistory: positiveInteger('query.max-history'),
      minExpireAgeMs: parseDuration(get('query.min-expire-age')),
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
    properties,
  };
}
