/**
 * AWS Signature Version 4 for S3 requests (header form): the canonical request, the string to
 * sign and the derived signing key, as AWS specifies them. Vivace signs its own requests instead
 * of using `@aws-sdk/client-s3` (see docs/architecture.md, "The S3 file system"): the signature is
 * a few HMACs, and owning it keeps the retries, the connection pool and the Node version under
 * Vivace's control. Signing keys are cached per day, region and secret, because deriving one costs
 * four HMACs and a busy scan signs thousands of requests.
 */
import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Temporary credentials (STS) carry a session token, sent as `x-amz-security-token`. */
  readonly sessionToken?: string;
}

export interface SignableRequest {
  readonly method: string;
  /** The host header value (`bucket.s3.us-east-1.amazonaws.com` or `127.0.0.1:9000`). */
  readonly host: string;
  /** The path as it goes on the wire, already URI-encoded (`/bucket/a%3Ab/c`). */
  readonly encodedPath: string;
  /** Query parameters, not encoded (encoded and sorted here). */
  readonly query: ReadonlyArray<readonly [string, string]>;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  readonly headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (`UNSIGNED-PAYLOAD` is also accepted by S3). */
  readonly payloadHash: string;
}

export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** RFC 3986 encoding as SigV4 wants it: unreserved characters kept, everything else %XX (upper case). */
export function uriEncode(text: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x61 && byte <= 0x7a) ||
      (byte >= 0x30 && byte <= 0x39) ||
      c === '-' ||
      c === '_' ||
      c === '.' ||
      c === '~' ||
      (keepSlash && c === '/')
    ) {
      out += c;
    } else {
      out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/** The canonical query string: each name and value encoded, sorted by name then value. */
export function canonicalQueryString(query: ReadonlyArray<readonly [string, string]>): string {
  return query
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `20130524T000000Z` for a date. */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export class SigV4Signer {
  private cachedKey: { readonly scopeDate: string; readonly key: Buffer } | undefined;

  constructor(
    private readonly credentials: AwsCredentials,
    private readonly region: string,
    private readonly service = 's3',
  ) {}

  /**
   * The headers to send with the request: the given ones plus host, x-amz-date,
   * x-amz-content-sha256, x-amz-security-token (when set) and Authorization.
   */
  sign(request: SignableRequest, now: Date = new Date()): Record<string, string> {
    const timestamp = amzDate(now);
    const scopeDate = timestamp.slice(0, 8);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    headers.host = request.host;
    headers['x-amz-date'] = timestamp;
    headers['x-amz-content-sha256'] = request.payloadHash;
    if (this.credentials.sessionToken !== undefined) headers['x-amz-security-token'] = this.credentials.sessionToken;
    const names = Object.keys(headers).sort();
    const canonicalHeaders = names.map((name) => `${name}:${headers[name]?.trim().replace(/\s+/g, ' ')}\n`).join('');
    const signedHeaders = names.join(';');
    const canonicalRequest = [
      request.method,
      request.encodedPath,
      canonicalQueryString(request.query),
      canonicalHeaders,
      signedHeaders,
      request.payloadHash,
    ].join('\n');
    const scope = `${scopeDate}/${this.region}/${this.service}/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
    const signature = createHmac('sha256', this.signingKey(scopeDate)).update(stringToSign).digest('hex');
    headers.authorization =
      `AWS4-HMAC-SHA256 Credential=${this.credentials.accessKeyId}/${scope}, ` +
      `SignedHeaders=${signedHeaders}, Signature=${signature}`;
    return headers;
  }

  private signingKey(scopeDate: string): Buffer {
    if (this.cachedKey?.scopeDate === scopeDate) return this.cachedKey.key;
    const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
    const dateKey = hmac(`AWS4${this.credentials.secretAccessKey}`, scopeDate);
    const key = hmac(hmac(hmac(dateKey, this.region), this.service), 'aws4_request');
    this.cachedKey = { scopeDate, key };
    return key;
  }
}
