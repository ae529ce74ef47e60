/**
 * The JWT authenticator (Trino's `http-server.authentication.type=JWT`): a bearer token in
 * `Authorization: Bearer <token>`, verified with the `jose` library against the key configured in
 * `http-server.authentication.jwt.key-file`: a PEM public key (RSA or EC), a JWKS document (a
 * local file, or an http(s) URL fetched and cached by jose), or else the file's content
 * base64-decoded as an HMAC secret (as Trino reads it). The token's algorithm must fit the key (an
 * HMAC token is refused when a public key is configured), `exp` and `nbf` hold without clock
 * skew, and the issuer and audience must match when required. The principal is the claim named by
 * `...jwt.principal-field` (`sub` by default).
 */
import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { VivaceError } from '../../common/vivace-error.js';
import type { JwtSettings } from './security-config.js';

/** A token the authenticator refused; the message is the library's (as Trino answers). */
export class JwtRejected extends Error {}

type VerificationKey = KeyObject | JWTVerifyGetKey;

const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'];

function loadKey(keyFile: string): { key: VerificationKey; algorithms: string[] } {
  if (/^https?:\/\//i.test(keyFile)) {
    return { key: createRemoteJWKSet(new URL(keyFile)), algorithms: ASYMMETRIC_ALGORITHMS };
  }
  let text: string;
  try {
    text = readFileSync(keyFile, 'utf8');
  } catch (e) {
    throw new VivaceError('CONFIGURATION_INVALID', `Cannot read JWT key file ${keyFile}: ${(e as Error).message}`);
  }
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    try {
      return { key: createPublicKey(trimmed), algorithms: ASYMMETRIC_ALGORITHMS };
    } catch (e) {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `JWT key file ${keyFile} is not a public key: ${(e as Error).message}`,
      );
    }
  }
  if (trimmed.startsWith('{')) {
    try {
      return {
        key: createLocalJWKSet(JSON.parse(trimmed)),
        algorithms: [...ASYMMETRIC_ALGORITHMS, ...HMAC_ALGORITHMS],
      };
    } catch (e) {
      throw new VivaceError('CONFIGURATION_INVALID', `JWT key file ${keyFile} is not a JWKS: ${(e as Error).message}`);
    }
  }
  const secret = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
  if (secret.length === 0) throw new VivaceError('CONFIGURATION_INVALID', `JWT key file ${keyFile} is empty`);
  return { key: createSecretKey(secret), algorithms: HMAC_ALGORITHMS };
}

export class JwtAuthenticator {
  private readonly key: VerificationKey;
  private readonly algorithms: string[];

  constructor(private readonly settings: JwtSettings) {
    const loaded = loadKey(settings.keyFile);
    this.key = loaded.key;
    this.algorithms = loaded.algorithms;
  }

  /** The principal of a valid token; throws JwtRejected with the reason otherwise. */
  async authenticate(token: string): Promise<string> {
    let payload: Record<string, unknown>;
    try {
      const options = {
        algorithms: this.algorithms,
        clockTolerance: 0,
        ...(this.settings.requiredIssuer !== undefined ? { issuer: this.settings.requiredIssuer } : {}),
        ...(this.settings.requiredAudience !== undefined ? { audience: this.settings.requiredAudience } : {}),
      };
      const result =
        typeof this.key === 'function'
          ? await jwtVerify(token, this.key, options)
          : await jwtVerify(token, this.key, options);
      payload = result.payload as Record<string, unknown>;
    } catch (e) {
      throw new JwtRejected((e as Error).message);
    }
    const principal = payload[this.settings.principalField];
    if (typeof principal !== 'string' || principal === '') throw new JwtRejected('Invalid credentials');
    return principal;
  }
}
