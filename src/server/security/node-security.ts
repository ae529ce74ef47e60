/**
 * One node's security (issue 17): who a request comes from, and the access control every resource
 * and the statement runner ask. Built from the node's configuration (security-config.ts); a node
 * without security settings behaves as before (plain HTTP, the user header believed, everything
 * allowed).
 *
 * The authentication hook (an onRequest hook installed after the internal-request hook of
 * cluster/internal-auth.ts) follows Trino's AuthenticationFilter:
 * 1. Internal requests (signed with the shared secret) are left to the internal hook: user
 *    authentication never applies to them. Task-record GETs without a token count as user requests.
 * 2. Public routes (`/v1/info`, `/v1/info/state`, the UI's login pages) need no user.
 * 3. Without authentication types the user is the protocol's user header (`anonymous` without
 *    one), as before.
 * 4. Over plain HTTP with authentication on, nothing is served (403 "Authentication over HTTP is
 *    not enabled"; the UI redirects to its disabled page) unless
 *    `http-server.authentication.allow-insecure-over-http=true`, which serves the user the header
 *    names but refuses a password (401): credentials never cross plain HTTP.
 * 5. Over HTTPS the configured authenticators are tried in order (PASSWORD: HTTP Basic; JWT:
 *    `Authorization: Bearer`), then the UI's session cookie. Failure: 401, one `WWW-Authenticate`
 *    per authenticator, a body saying only what Trino says ("Access Denied: Invalid credentials"),
 *    one more in the node's failed-authentication counter; credentials are never logged.
 * 6. The session user is the user header when sent, else the principal (the UI's session: always
 *    the principal). On resources other than the statement's a different user must pass the
 *    impersonation rules (403); a statement's check runs with the query, which then fails with
 *    PERMISSION_DENIED, as in newer Trino, and its pages answer the principal as the user.
 * 7. System-information routes (`/v1/node`, `/v1/status`, task records read by users) need the
 *    system information `read` right (403 otherwise).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { VivaceError } from '../../common/vivace-error.js';
import { type AccessControl, ALLOW_ALL_ACCESS_CONTROL } from '../../spi/access-control.js';
import { type InternalRoutePredicate, internalCaller, TASK_RECORD_READS } from '../protocol/internal-auth.js';
import type { NodeConfig } from '../protocol/node-config.js';
import { fileAccessControl, type RulesAccessControl } from './file-access-control.js';
import { JwtAuthenticator, JwtRejected } from './jwt-authenticator.js';
import { type ListedQuery, withMetadataRowFilters } from './metadata-row-filters.js';
import { PasswordFileAuthenticator } from './password-file.js';
import { authenticationEnabled, loadSecurityConfig, type SecurityConfig } from './security-config.js';
import { cookieValue, UI_COOKIE_NAME, UiSessions } from './ui-session.js';

/** Who a request comes from. */
export interface RequestIdentity {
  /** The authenticated user; undefined when no authentication is configured (or the route is public). */
  readonly principal: string | undefined;
  /** The user the request acts as: the protocol's user header, else the principal, else `anonymous`. */
  readonly user: string;
}

const USER_HEADERS = ['x-trino-user', 'x-presto-user', 'x-service-user'];

/** The user the protocol's user header names (any of the three prefixes), or undefined. */
export function headerUser(request: FastifyRequest): string | undefined {
  for (const name of USER_HEADERS) {
    const value = request.headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== '') return first;
  }
  return undefined;
}

type IdentifiedRequest = FastifyRequest & { vivaceIdentity?: RequestIdentity };

/** The identity the authentication hook established, or the unauthenticated one the headers name. */
export function requestIdentity(request: FastifyRequest): RequestIdentity {
  return (
    (request as IdentifiedRequest).vivaceIdentity ?? { principal: undefined, user: headerUser(request) ?? 'anonymous' }
  );
}

/** Routes anyone may reach: health and version, and the UI's login pages. */
const PUBLIC_ROUTES = new Set([
  '/',
  '/ui',
  '/v1/info',
  '/v1/info/state',
  '/ui/login.html',
  '/ui/login',
  '/ui/logout',
  '/ui/disabled.html',
]);

/** Routes that tell about the cluster rather than the user's own queries (Trino's MANAGEMENT_READ). */
const SYSTEM_INFORMATION_ROUTES = (method: string, route: string) =>
  route === '/v1/node' || route === '/v1/node/failed' || route === '/v1/status' || TASK_RECORD_READS(method, route);

/** Is this request HTTPS (or HTTPS at a trusted proxy in front)? */
export function isSecureRequest(request: FastifyRequest, processForwarded: boolean): boolean {
  if ((request.raw.socket as { encrypted?: boolean } | undefined)?.encrypted === true) return true;
  if (!processForwarded) return false;
  const proto = request.headers['x-forwarded-proto'];
  return (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase() === 'https';
}

type Outcome =
  | { readonly kind: 'authenticated'; readonly principal: string; readonly viaUiSession?: boolean }
  | { readonly kind: 'failed'; readonly messages: readonly string[]; readonly presented: boolean }
  | { readonly kind: 'busy' };

export class NodeSecurity {
  readonly accessControl: AccessControl;
  /** The rules file's access control, when one is configured. */
  private readonly rules: RulesAccessControl | undefined;
  /** Requests refused for wrong or malformed credentials since the start. */
  failedAuthentications = 0;
  private readonly passwords: PasswordFileAuthenticator | undefined;
  private readonly jwt: JwtAuthenticator | undefined;
  readonly uiSessions: UiSessions;

  constructor(
    readonly config: SecurityConfig,
    private readonly processForwarded: boolean,
    private readonly logger?: Logger,
  ) {
    this.rules = config.accessControl ? fileAccessControl(config.accessControl) : undefined;
    this.accessControl = this.rules ?? ALLOW_ALL_ACCESS_CONTROL;
    this.passwords = config.passwordFile ? new PasswordFileAuthenticator(config.passwordFile) : undefined;
    this.jwt = config.jwt ? new JwtAuthenticator(config.jwt) : undefined;
    this.uiSessions = new UiSessions(config.webUi.sharedSecret, config.webUi.sessionTimeoutMs);
  }

  static fromNodeConfig(config: NodeConfig, logger?: Logger): NodeSecurity {
    return new NodeSecurity(
      loadSecurityConfig(config.etcDirectory, config.properties, config.sharedSecret),
      config.httpServer.processForwarded,
      logger,
    );
  }

  /**
   * The access control statements are checked with: the rules, plus per-user row filters on the
   * metadata and runtime tables (`queries` lists the coordinator's queries); undefined without a
   * rules file, so an unsecured server checks nothing.
   */
  statementAccessControl(queries: () => readonly ListedQuery[]): AccessControl | undefined {
    return this.rules === undefined ? undefined : withMetadataRowFilters(this.rules, queries);
  }

  get authenticationEnabled(): boolean {
    return authenticationEnabled(this.config);
  }

  /** Whether a login form can work: passwords are configured. */
  get passwordLogin(): boolean {
    return this.passwords !== undefined;
  }

  isSecure(request: FastifyRequest): boolean {
    return isSecureRequest(request, this.processForwarded);
  }

  /** Whether passwords may be sent on this request's connection. */
  passwordsAllowedOn(request: FastifyRequest): boolean {
    return this.isSecure(request);
  }

  /** Checks a user's password (the UI's login form); 'busy' when too many checks wait. */
  async checkPassword(user: string, password: string): Promise<'valid' | 'invalid' | 'busy'> {
    if (this.passwords === undefined) return 'invalid';
    const result = await this.passwords.check(user, password);
    if (result === 'invalid') this.failedAuthentications++;
    return result;
  }

  /** Installs the authentication hook; `isInternal` is the node's internal-route predicate. */
  installAuthentication(app: FastifyInstance, isInternal: InternalRoutePredicate): void {
    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url;
      if (route === undefined || PUBLIC_ROUTES.has(route)) return;
      const taskRead = TASK_RECORD_READS(request.method, route);
      if (taskRead ? internalCaller(request) !== undefined : isInternal(request.method, route)) return;
      const identity = await this.authenticate(request, reply, route);
      if (identity === undefined) return reply;
      (request as IdentifiedRequest).vivaceIdentity = identity;
      if (SYSTEM_INFORMATION_ROUTES(request.method, route)) {
        try {
          this.accessControl.checkCanReadSystemInformation(identity.user);
        } catch (e) {
          return this.deny(reply, e);
        }
      }
    });
  }

  /** The identity of a user request, or undefined once `reply` has been sent. */
  private async authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
  ): Promise<RequestIdentity | undefined> {
    const named = headerUser(request);
    if (!this.authenticationEnabled) return { principal: undefined, user: named ?? 'anonymous' };
    const isUiPage = route.startsWith('/ui/') && request.method === 'GET';
    if (!this.isSecure(request)) {
      if (!this.config.allowInsecureOverHttp) {
        if (isUiPage) {
          reply.redirect('/ui/disabled.html', 303);
          return undefined;
        }
        reply.code(403).type('text/plain').send('Authentication over HTTP is not enabled');
        return undefined;
      }
      const basic = parseBasic(request.headers.authorization);
      if (basic !== undefined && basic.kind === 'credentials' && basic.password !== '') {
        this.failedAuthentications++;
        this.unauthorized(reply, ['Password not allowed for insecure authentication']);
        return undefined;
      }
      const user = named ?? (basic?.kind === 'credentials' ? basic.user : undefined);
      if (user === undefined || user === '') {
        this.unauthorized(reply, ['Basic authentication or X-Trino-User must be sent']);
        return undefined;
      }
      return { principal: undefined, user };
    }
    let outcome: Outcome;
    try {
      outcome = await this.tryAuthenticators(request);
    } catch (e) {
      // A broken password file or key: the server's fault, said without detail (it is logged).
      this.logger?.error(
        { err: e instanceof VivaceError ? e.message : String(e), url: request.url },
        'authentication error',
      );
      reply.code(500).type('text/plain').send('Authentication error');
      return undefined;
    }
    if (outcome.kind === 'busy') {
      reply.code(503).header('Retry-After', '1').type('text/plain').send('Too many logins in progress; retry later');
      return undefined;
    }
    if (outcome.kind === 'failed') {
      if (outcome.presented) this.failedAuthentications++;
      if (isUiPage && this.passwords !== undefined && request.headers.authorization === undefined) {
        reply.redirect(`/ui/login.html?redirect=${encodeURIComponent(request.url)}`, 303);
        return undefined;
      }
      this.unauthorized(reply, outcome.messages);
      return undefined;
    }
    const principal = outcome.principal;
    // The UI runs everything as the user who logged in, whatever user name its requests carry.
    const user = outcome.viaUiSession === true ? principal : (named ?? principal);
    if (user === principal) return { principal, user };
    // A statement's own check fails the query (the runner asks with the principal it records).
    if (request.method === 'POST' && route === '/v1/statement') return { principal, user };
    try {
      this.accessControl.checkCanImpersonateUser(principal, user);
    } catch (e) {
      // The pages of a statement answer its submitter as the principal (that query's failure
      // included); everything else refuses the user header outright.
      if (route.startsWith('/v1/statement/')) return { principal, user: principal };
      this.deny(reply, e);
      return undefined;
    }
    return { principal, user };
  }

  private async tryAuthenticators(request: FastifyRequest): Promise<Outcome> {
    const authorization = request.headers.authorization;
    const messages: string[] = [];
    let presented = false;
    for (const type of this.config.authenticationTypes) {
      if (type === 'PASSWORD' && this.passwords !== undefined) {
        const basic = parseBasic(authorization);
        if (basic === undefined) continue;
        presented = true;
        if (basic.kind === 'malformed') {
          messages.push(basic.message);
          continue;
        }
        if (basic.password === '') {
          messages.push('Malformed credentials: password is empty');
          continue;
        }
        const result = await this.passwords.check(basic.user, basic.password);
        if (result === 'busy') return { kind: 'busy' };
        if (result === 'valid') return { kind: 'authenticated', principal: basic.user };
        messages.push('Access Denied: Invalid credentials');
      } else if (type === 'JWT' && this.jwt !== undefined) {
        const token = bearerToken(authorization);
        if (token === undefined) continue;
        presented = true;
        try {
          return { kind: 'authenticated', principal: await this.jwt.authenticate(token) };
        } catch (e) {
          if (!(e instanceof JwtRejected)) throw e;
          messages.push(e.message);
        }
      }
    }
    // The UI's own requests carry its session cookie instead of protocol credentials.
    if (authorization === undefined) {
      const cookie = cookieValue(request.headers.cookie, UI_COOKIE_NAME);
      if (cookie !== undefined) {
        const user = await this.uiSessions.verify(cookie);
        if (user !== undefined) return { kind: 'authenticated', principal: user, viaUiSession: true };
        presented = true;
      }
    }
    return { kind: 'failed', messages, presented };
  }

  private unauthorized(reply: FastifyReply, messages: readonly string[]): void {
    const challenges: string[] = [];
    for (const type of this.config.authenticationTypes) {
      if (type === 'PASSWORD') challenges.push('Basic realm="Vivace"');
      else challenges.push('Bearer realm="Vivace", token_type="JWT"');
    }
    reply
      .code(401)
      .header('WWW-Authenticate', challenges.length === 1 ? challenges[0] : challenges)
      .type('text/plain')
      .send(messages.length > 0 ? messages.join(' | ') : 'Unauthorized');
  }

  /** 403 with the denial's message; anything else is rethrown. */
  deny(reply: FastifyReply, error: unknown): FastifyReply {
    if (error instanceof VivaceError && error.errorName === 'PERMISSION_DENIED') {
      return reply.code(403).type('text/plain').send(error.message);
    }
    throw error;
  }

  close(): Promise<void> {
    return this.passwords?.close() ?? Promise.resolve();
  }
}

type BasicCredentials =
  | { readonly kind: 'credentials'; readonly user: string; readonly password: string }
  | { readonly kind: 'malformed'; readonly message: string };

/** The credentials of an `Authorization: Basic` header, or undefined when there is none. */
export function parseBasic(header: string | undefined): BasicCredentials | undefined {
  if (header === undefined) return undefined;
  const match = /^Basic\s+(.*)$/i.exec(header.trim());
  if (!match) return undefined;
  const encoded = match[1].trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    return { kind: 'malformed', message: 'Invalid base64 encoded credentials' };
  }
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const user = colon < 0 ? text : text.slice(0, colon);
  if (user === '') return { kind: 'malformed', message: 'Malformed credentials: user is empty' };
  return { kind: 'credentials', user, password: colon < 0 ? '' : text.slice(colon + 1) };
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match ? match[1] : undefined;
}
