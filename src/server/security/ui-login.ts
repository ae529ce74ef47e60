/**
 * The web UI's login and logout (issue 17, Trino's form login): `GET /ui/login.html` shows a
 * plain HTML form (no script, so it works before anything else of the UI loads), `POST /ui/login`
 * checks the user's password and sets the signed session cookie (ui-session.ts), then sends the
 * browser back where it was going (only ever to a `/ui/` path: no open redirect), `GET /ui/logout`
 * clears the cookie. Over plain HTTP, where passwords may not travel, the pages point to HTTPS
 * (`/ui/disabled.html`). Without password authentication the login pages lead straight to the UI.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NodeSecurity } from './node-security.js';

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#f5f6f8;display:flex;justify-content:center;padding-top:10vh}' +
  'form,.box{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002;min-width:18rem}' +
  'label{display:block;margin:.6rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}' +
  'button{margin-top:1rem;padding:.5rem 1.2rem}.error{color:#b00020}';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A path under `/ui/` to return to after login, or `/ui/`. */
export function safeRedirectPath(path: string | undefined): string {
  if (path === undefined || !path.startsWith('/ui/') || path.startsWith('/ui/login') || /[\\\r\n]/.test(path)) {
    return '/ui/';
  }
  return path;
}

function page(reply: FastifyReply, title: string, body: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>${STYLE}</style></head><body>${body}</body></html>`,
    );
}

export function registerUiLogin(app: FastifyInstance, security: NodeSecurity): void {
  app.get('/ui/login.html', async (request, reply) => {
    if (!security.passwordLogin) return reply.redirect('/ui/', 303);
    if (!security.passwordsAllowedOn(request)) return reply.redirect('/ui/disabled.html', 303);
    const query = request.query as { redirect?: string; error?: string };
    const redirect = safeRedirectPath(query.redirect);
    const error = query.error !== undefined ? '<p class="error" id="login-error">Invalid username or password</p>' : '';
    return page(
      reply,
      'Vivace — log in',
      `<form method="post" action="/ui/login"><h1>Vivace</h1>${error}` +
        '<label for="username">Username</label><input id="username" name="username" autocomplete="username" required autofocus>' +
        '<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>' +
        `<input type="hidden" name="redirectPath" value="${escapeHtml(redirect)}">` +
        '<button type="submit" id="login">Log in</button></form>',
    );
  });

  app.post('/ui/login', async (request, reply) => {
    if (!security.passwordLogin) return reply.redirect('/ui/', 303);
    if (!security.passwordsAllowedOn(request)) return reply.redirect('/ui/disabled.html', 303);
    const body = Buffer.isBuffer(request.body)
      ? request.body.toString('utf8')
      : typeof request.body === 'string'
        ? request.body
        : '';
    const form = new URLSearchParams(body);
    const user = form.get('username') ?? '';
    const password = form.get('password') ?? '';
    const redirect = safeRedirectPath(form.get('redirectPath') ?? undefined);
    const result = user === '' || password === '' ? 'invalid' : await security.checkPassword(user, password);
    if (result !== 'valid') {
      return reply.redirect(`/ui/login.html?error=1&redirect=${encodeURIComponent(redirect)}`, 303);
    }
    const token = await security.uiSessions.issue(user);
    return reply
      .header('Set-Cookie', security.uiSessions.cookies({ token, user }, security.isSecure(request)))
      .redirect(redirect, 303);
  });

  app.get('/ui/logout', async (request, reply) =>
    reply
      .header('Set-Cookie', security.uiSessions.cookies(undefined, security.isSecure(request)))
      .redirect(security.passwordLogin ? '/ui/login.html' : '/ui/', 303),
  );

  app.get('/ui/disabled.html', async (_request, reply) =>
    page(
      reply,
      'Vivace — use HTTPS',
      '<div class="box"><h1>Vivace</h1><p>The web UI needs a login, and passwords are not sent over plain HTTP. Open the UI over HTTPS.</p></div>',
    ),
  );
}
