/**
 * The S3 settings of a catalog, from Trino's native-S3 keys (fact sheet §1.1) with the standard
 * `AWS_*` environment variables as fallbacks: `s3.endpoint` (else `AWS_ENDPOINT_URL_S3` /
 * `AWS_ENDPOINT_URL`, else AWS's regional endpoint), `s3.region` (else `AWS_REGION` /
 * `AWS_DEFAULT_REGION`, else us-east-1), `s3.path-style-access`, `s3.aws-access-key` and
 * `s3.aws-secret-key` (else `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` / `AWS_SESSION_TOKEN`),
 * `s3.max-connections`, `s3.streaming.part-size`, `s3.exclusive-create`, `s3.max-error-retries`.
 * Bad values are CONFIGURATION_INVALID naming the key, so a CREATE CATALOG with a typo fails at
 * once rather than at the first query.
 */
import { VivaceError } from '../../../../common/vivace-error.js';
import { parseDataSize } from '../../../catalog/connector-properties.js';
import type { AwsCredentials } from './sigv4.js';

/** Every key this module reads (a catalog checks its properties against these). */
export const S3_PROPERTY_KEYS = [
  'fs.native-s3.enabled',
  'fs.s3.enabled',
  's3.endpoint',
  's3.region',
  's3.path-style-access',
  's3.aws-access-key',
  's3.aws-secret-key',
  's3.max-connections',
  's3.streaming.part-size',
  's3.exclusive-create',
  's3.max-error-retries',
] as const;

/** Keys whose values are secrets: masked in SHOW output, logs and query text. */
export const S3_SECRET_PROPERTY_KEYS: readonly string[] = ['s3.aws-secret-key'];

export interface S3Config {
  /** `http(s)://host[:port]`, without a trailing slash. */
  readonly endpoint: string;
  readonly region: string;
  /** `endpoint/bucket/key` (true) or `bucket.endpoint-host/key` (false). */
  readonly pathStyleAccess: boolean;
  /** Absent: anonymous requests (public buckets). */
  readonly credentials?: AwsCredentials;
  /** Requests in flight at most, per file system (and connections per endpoint). */
  readonly maxConnections: number;
  /** Part size of multipart uploads; a file smaller than this is one PUT. */
  readonly partSize: number;
  /** Whether the store honours `If-None-Match: *` on PUT (conditional writes). */
  readonly exclusiveCreate: boolean;
  /** Retries of a failed request (5xx, throttling, connection errors). */
  readonly maxErrorRetries: number;
  /** First back-off delay, ms (doubles per retry, with jitter, capped at 2 s). */
  readonly retryBaseDelayMillis: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_SIZE = 256 * 1024 * 1024;

function invalid(key: string, value: string, expected: string): VivaceError {
  return new VivaceError('CONFIGURATION_INVALID', `Invalid value '${value}' for ${key}: expected ${expected}`);
}

export function parseBooleanProperty(key: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw invalid(key, value, 'true or false');
}

function parseCount(key: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < min || n > max) throw invalid(key, value, `an integer from ${min} to ${max}`);
  return n;
}

/** Whether a catalog's properties turn native S3 on (`fs.native-s3.enabled` or newer `fs.s3.enabled`). */
export function s3Enabled(properties: Readonly<Record<string, string>>): boolean {
  return (
    parseBooleanProperty('fs.native-s3.enabled', properties['fs.native-s3.enabled'], false) ||
    parseBooleanProperty('fs.s3.enabled', properties['fs.s3.enabled'], false)
  );
}

export function s3ConfigFromProperties(
  properties: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): S3Config {
  const region = properties['s3.region'] ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const endpointText =
    properties['s3.endpoint'] ??
    env.AWS_ENDPOINT_URL_S3 ??
    env.AWS_ENDPOINT_URL ??
    `https://s3.${region}.amazonaws.com`;
  let endpoint: URL;
  try {
    endpoint = new URL(endpointText.includes('://') ? endpointText : `https://${endpointText}`);
  } catch {
    throw invalid('s3.endpoint', endpointText, 'a URL such as http://127.0.0.1:9000');
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw invalid('s3.endpoint', endpointText, 'an http:// or https:// URL');
  }
  const accessKey = properties['s3.aws-access-key'] ?? env.AWS_ACCESS_KEY_ID;
  const secretKey = properties['s3.aws-secret-key'] ?? env.AWS_SECRET_ACCESS_KEY;
  if ((accessKey === undefined) !== (secretKey === undefined)) {
    throw new VivaceError(
      'CONFIGURATION_INVALID',
      's3.aws-access-key and s3.aws-secret-key must be given together (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    );
  }
  const fromProperties = properties['s3.aws-access-key'] !== undefined;
  const sessionToken = fromProperties ? undefined : env.AWS_SESSION_TOKEN;
  const partSizeText = properties['s3.streaming.part-size'];
  const partSize =
    partSizeText === undefined ? 16 * 1024 * 1024 : parseDataSize('s3.streaming.part-size', partSizeText);
  if (partSize < MIN_PART_SIZE || partSize > MAX_PART_SIZE) {
    throw invalid('s3.streaming.part-size', partSizeText ?? '', 'a size from 5MB to 256MB');
  }
  return {
    endpoint: `${endpoint.protocol}//${endpoint.host}`,
    region,
    pathStyleAccess: parseBooleanProperty('s3.path-style-access', properties['s3.path-style-access'], false),
    credentials:
      accessKey === undefined || secretKey === undefined
        ? undefined
        : {
            accessKeyId: accessKey,
            secretAccessKey: secretKey,
            ...(sessionToken === undefined ? {} : { sessionToken }),
          },
    maxConnections: parseCount('s3.max-connections', properties['s3.max-connections'], 64, 1, 10_000),
    partSize,
    exclusiveCreate: parseBooleanProperty('s3.exclusive-create', properties['s3.exclusive-create'], true),
    maxErrorRetries: parseCount('s3.max-error-retries', properties['s3.max-error-retries'], 10, 0, 100),
    retryBaseDelayMillis: 50,
  };
}
