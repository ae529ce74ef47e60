/**
 * The web UI's login session (issue 17, Trino's form authentication): after a successful login at
 * `POST /ui/login` the browser holds the cookie `Vivace-UI-Token`, a JWT (HS256 under a key derived
 * from `web-ui.shared-secret`, random per start unless configured) naming the user, with audience
 * `vivace-ui` and an expiry `web-ui.session-timeout` away. It is HttpOnly, SameSite=Strict (so no
 * other site can make the browser use it) and Secure on HTTPS. Logging out clears it.
 */
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const UI_COOKIE_NAME = 'Vivace-UI-Token';
/** A cookie the UI's script may read, naming the logged-in user (to show it and a logout link). */
export const UI_USER_COOKIE_NAME = 'Vivace-UI-User';
const AUDIENCE = 'vivace-ui';

export class UiSessions {
  private readonly key: Uint8Array;

  constructor(
    sharedSecret: string,
    private readonly timeoutMs: number,
  ) {
    this.key = createHash('sha256').update(sharedSecret).digest();
  }

  /** A signed session token for `user`. */
  async issue(user: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + Math.max(1, Math.floor(this.timeoutMs / 1000)))
      .sign(this.key);
  }

  /** The user of a valid unexpired token, or undefined. */
  async verify(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { audience: AUDIENCE, algorithms: ['HS256'] });
      return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  }

  /** The Set-Cookie values for a session of `user` with `token` (or ones clearing the cookies). */
  cookies(session: { token: string; user: string } | undefined, secure: boolean): string[] {
    const attributes = ['Path=/', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
    if (session === undefined) {
      return [
        `${UI_COOKIE_NAME}=; Max-Age=0; HttpOnly; ${attributes}`,
        `${UI_USER_COOKIE_NAME}=; Max-Age=0; ${attributes}`,
      ];
    }
    const maxAge = `Max-Age=${Math.floor(this.timeoutMs / 1000)}`;
    return [
      `${UI_COOKIE_NAME}=${session.token}; ${maxAge}; HttpOnly; ${attributes}`,
      `${UI_USER_COOKIE_NAME}=${encodeURIComponent(session.user)}; ${maxAge}; ${attributes}`,
    ];
  }
}

/** The value of cookie `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
