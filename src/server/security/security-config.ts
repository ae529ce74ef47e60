/**
 * The security settings of one node, read in Trino's configuration format (issue 17): the HTTP and
 * HTTPS listeners (`http-server.http.enabled`, `http-server.https.*`), the authentication types
 * (`http-server.authentication.type=PASSWORD,JWT`, tried in order) and whether they may be used over
 * plain HTTP, HTTPS between nodes (`internal-communication.https.*`), the password authenticator
 * (`etc/password-authenticator.properties`), the JWT settings, the web UI's session cookie and the
 * access control (`etc/access-control.properties`). Everything defaults to what Vivace did before:
 * plain HTTP, no authentication, everything allowed.
 *
 * Relative file paths are resolved against the node's working directory, as Trino resolves them
 * (configuration examples name `etc/...`); an absolute path always works.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { VivaceError } from '../../common/vivace-error.js';
import { parseDuration } from '../protocol/airlift-format.js';
import { parseProperties } from '../protocol/node-config.js';

export type AuthenticationType = 'PASSWORD' | 'JWT';

export interface HttpsSettings {
  readonly port: number;
  /** PEM file holding the private key and the certificate chain, in any order. */
  readonly keystorePath: string;
  /** Passphrase of an encrypted private key. */
  readonly keystoreKey: string | undefined;
}

export interface PasswordFileSettings {
  readonly path: string;
  /** The file is looked at again (and re-read when it changed) at most this often. */
  readonly refreshMs: number;
  /** Verified (user, password) pairs remembered, so each request does not pay bcrypt again. */
  readonly cacheMaxSize: number;
}

export interface JwtSettings {
  /** A file (PEM public key, JWKS JSON or a base64 HMAC secret) or an http(s) JWKS URL. */
  readonly keyFile: string;
  readonly requiredIssuer: string | undefined;
  readonly requiredAudience: string | undefined;
  readonly principalField: string;
}

export interface AccessControlSettings {
  readonly rulesFile: string;
  /** Re-read the rules at most this often; undefined loads them once. */
  readonly refreshMs: number | undefined;
}

export interface SecurityConfig {
  readonly httpEnabled: boolean;
  readonly https: HttpsSettings | undefined;
  readonly authenticationTypes: readonly AuthenticationType[];
  /** Whether requests over plain HTTP are served (as the unauthenticated user they name) when authentication is on. */
  readonly allowInsecureOverHttp: boolean;
  readonly internalHttpsRequired: boolean;
  /** Extra CA certificates (PEM) this node trusts when it calls other nodes over HTTPS. */
  readonly internalTruststorePath: string | undefined;
  readonly passwordFile: PasswordFileSettings | undefined;
  readonly jwt: JwtSettings | undefined;
  readonly webUi: {
    /** Signs the UI's session cookies; random per start unless configured. */
    readonly sharedSecret: string;
    readonly sessionTimeoutMs: number;
  };
  readonly accessControl: AccessControlSettings | undefined;
}

/** Whether any user authentication is configured. */
export function authenticationEnabled(config: SecurityConfig): boolean {
  return config.authenticationTypes.length > 0;
}

function readOptionalProperties(path: string): Map<string, string> | undefined {
  return existsSync(path) ? parseProperties(readFileSync(path, 'utf8')) : undefined;
}

/**
 * Reads the security settings from the node's properties and the `etc` files beside them. Throws
 * CONFIGURATION_INVALID for a setting that cannot work (an unknown authentication type, HTTPS
 * without a keystore, authentication without the internal shared secret).
 */
export function loadSecurityConfig(
  etcDirectory: string,
  properties: ReadonlyMap<string, string>,
  sharedSecret: string | undefined,
): SecurityConfig {
  const optional = (key: string, from: ReadonlyMap<string, string> = properties): string | undefined => {
    const value = from.get(key)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const boolean = (key: string, fallback: boolean): boolean => {
    const text = optional(key)?.toLowerCase();
    if (text === undefined) return fallback;
    if (text !== 'true' && text !== 'false') {
      throw new VivaceError('CONFIGURATION_INVALID', `${key} must be true or false, not '${text}'`);
    }
    return text === 'true';
  };
  const duration = (key: string, text: string): number => {
    const value = parseDuration(text);
    if (!(value > 0)) {
      throw new VivaceError('CONFIGURATION_INVALID', `Invalid duration value '${text}' for property '${key}'`);
    }
    return value;
  };

  const httpsEnabled = boolean('http-server.https.enabled', false);
  let https: HttpsSettings | undefined;
  if (httpsEnabled) {
    const keystorePath = optional('http-server.https.keystore.path');
    if (keystorePath === undefined) {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        'http-server.https.keystore.path is required when HTTPS is enabled',
      );
    }
    const port = Number(optional('http-server.https.port') ?? '8443');
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new VivaceError('CONFIGURATION_INVALID', `http-server.https.port is not a TCP port: '${port}'`);
    }
    https = { port, keystorePath: resolve(keystorePath), keystoreKey: optional('http-server.https.keystore.key') };
  }
  const httpEnabled = boolean('http-server.http.enabled', true);
  if (!httpEnabled && https === undefined) {
    throw new VivaceError('CONFIGURATION_INVALID', 'Neither HTTP nor HTTPS is enabled');
  }

  const authenticationTypes: AuthenticationType[] = [];
  for (const item of (optional('http-server.authentication.type') ?? '').split(',')) {
    const type = item.trim().toUpperCase();
    if (type === '' || type === 'INSECURE') continue;
    if (type !== 'PASSWORD' && type !== 'JWT') {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `http-server.authentication.type ${type} is not supported (supported: PASSWORD, JWT)`,
      );
    }
    if (!authenticationTypes.includes(type)) authenticationTypes.push(type);
  }
  if (authenticationTypes.length > 0 && sharedSecret === undefined) {
    throw new VivaceError('CONFIGURATION_INVALID', 'Shared secret is required when authentication is enabled');
  }

  let passwordFile: PasswordFileSettings | undefined;
  if (authenticationTypes.includes('PASSWORD')) {
    const file =
      optional('password-authenticator.config-files') ?? join(etcDirectory, 'password-authenticator.properties');
    const settings = readOptionalProperties(resolve(file.split(',')[0].trim()));
    if (settings === undefined) {
      throw new VivaceError('CONFIGURATION_INVALID', `PASSWORD authentication needs ${file}`);
    }
    const name = optional('password-authenticator.name', settings);
    if (name !== 'file') {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `password-authenticator.name '${name ?? ''}' is not supported (supported: file)`,
      );
    }
    const path = optional('file.password-file', settings);
    if (path === undefined) throw new VivaceError('CONFIGURATION_INVALID', 'file.password-file is required');
    if (!existsSync(resolve(path))) {
      throw new VivaceError('CONFIGURATION_INVALID', `file.password-file does not exist: ${path}`);
    }
    const cacheSize = Number(optional('file.auth-token-cache.max-size', settings) ?? '1000');
    passwordFile = {
      path: resolve(path),
      refreshMs: duration('file.refresh-period', optional('file.refresh-period', settings) ?? '5s'),
      cacheMaxSize: Number.isInteger(cacheSize) && cacheSize >= 0 ? cacheSize : 1000,
    };
  }

  let jwt: JwtSettings | undefined;
  if (authenticationTypes.includes('JWT')) {
    const keyFile = optional('http-server.authentication.jwt.key-file');
    if (keyFile === undefined) {
      throw new VivaceError('CONFIGURATION_INVALID', 'http-server.authentication.jwt.key-file is required');
    }
    jwt = {
      keyFile: /^https?:\/\//i.test(keyFile) ? keyFile : resolve(keyFile),
      requiredIssuer: optional('http-server.authentication.jwt.required-issuer'),
      requiredAudience: optional('http-server.authentication.jwt.required-audience'),
      principalField: optional('http-server.authentication.jwt.principal-field') ?? 'sub',
    };
  }

  let accessControl: AccessControlSettings | undefined;
  const accessFile =
    optional('access-control.config-files')?.split(',')[0].trim() ?? join(etcDirectory, 'access-control.properties');
  const accessSettings = readOptionalProperties(resolve(accessFile));
  if (accessSettings !== undefined) {
    const name = optional('access-control.name', accessSettings);
    if (name === 'file') {
      const rulesFile = optional('security.config-file', accessSettings);
      if (rulesFile === undefined) throw new VivaceError('CONFIGURATION_INVALID', 'security.config-file is required');
      const refresh = optional('security.refresh-period', accessSettings);
      accessControl = {
        rulesFile: resolve(rulesFile),
        refreshMs: refresh === undefined ? undefined : duration('security.refresh-period', refresh),
      };
    } else if (name !== undefined && name !== 'allow-all' && name !== 'default') {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `access-control.name '${name}' is not supported (supported: file, allow-all)`,
      );
    }
  }

  return {
    httpEnabled,
    https,
    authenticationTypes,
    // Trino: allowed by default only while no authentication is configured.
    allowInsecureOverHttp: boolean(
      'http-server.authentication.allow-insecure-over-http',
      authenticationTypes.length === 0,
    ),
    internalHttpsRequired: boolean('internal-communication.https.required', false),
    internalTruststorePath: (() => {
      const path =
        optional('internal-communication.https.truststore.path') ?? optional('http-server.https.truststore.path');
      return path === undefined ? undefined : resolve(path);
    })(),
    passwordFile,
    jwt,
    webUi: {
      sharedSecret: optional('web-ui.shared-secret') ?? randomBytes(32).toString('base64url'),
      sessionTimeoutMs: duration('web-ui.session-timeout', optional('web-ui.session-timeout') ?? '1d'),
    },
    accessControl,
  };
}
