/**
 * The JWT authenticator with each kind of key file (base64 HMAC secret, PEM public key, JWKS):
 * valid tokens name their principal; forged, expired, not-yet-valid, wrongly signed tokens, a
 * wrong issuer or audience, an HMAC token against a public key, and a missing principal claim are
 * refused.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { exportJWK, SignJWT } from 'jose';
import { JwtAuthenticator, JwtRejected } from '../../../src/server/security/jwt-authenticator.js';

const directory = mkdtempSync(join(tmpdir(), 'vivace-jwt-'));
const secret = randomBytes(32);
const hmacFile = join(directory, 'hmac.key');
writeFileSync(hmacFile, secret.toString('base64'));
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pemFile = join(directory, 'public.pem');
writeFileSync(pemFile, publicKey.export({ type: 'spki', format: 'pem' }));
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

function token(claims: Record<string, unknown>, sign: (jwt: SignJWT) => Promise<string>, expiresIn = '5m') {
  const jwt = new SignJWT(claims).setIssuedAt();
  if (expiresIn !== '') jwt.setExpirationTime(expiresIn);
  return sign(jwt);
}
const hs256 = (jwt: SignJWT) => jwt.setProtectedHeader({ alg: 'HS256' }).sign(secret);
const rs256 = (jwt: SignJWT) => jwt.setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);

const settings = (keyFile: string, extra: Partial<ConstructorParameters<typeof JwtAuthenticator>[0]> = {}) => ({
  keyFile,
  requiredIssuer: undefined,
  requiredAudience: undefined,
  principalField: 'sub',
  ...extra,
});

async function rejected(authenticator: JwtAuthenticator, jwt: Promise<string> | string, message?: RegExp) {
  await assert.rejects(authenticator.authenticate(await jwt), (e: Error) => {
    assert.ok(e instanceof JwtRejected, String(e));
    if (message) assert.match(e.message, message);
    return true;
  });
}

describe('JWT authenticator', () => {
  it('accepts HMAC tokens signed with the secret and refuses forged, expired and future ones', async () => {
    const jwt = new JwtAuthenticator(settings(hmacFile));
    assert.equal(await jwt.authenticate(await token({ sub: 'alice' }, hs256)), 'alice');
    const forged = await token({ sub: 'alice' }, (t) => t.setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32)));
    await rejected(jwt, forged, /signature/);
    await rejected(jwt, token({ sub: 'alice', exp: Math.floor(Date.now() / 1000) - 10 }, hs256, ''), /exp/);
    await rejected(jwt, token({ sub: 'alice', nbf: Math.floor(Date.now() / 1000) + 600 }, hs256), /nbf/);
    // The payload changed after signing (user swapped): the signature no longer matches.
    const [header, , signature] = (await token({ sub: 'alice' }, hs256)).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', exp: 9_999_999_999 })).toString('base64url');
    await rejected(jwt, `${header}.${payload}.${signature}`);
    await rejected(jwt, 'not-a-token');
    // "alg: none" is never accepted.
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"alice"}').toString('base64url')}.`;
    await rejected(jwt, unsigned);
  });

  it('checks RS256 tokens with a PEM public key and refuses other keys and HMAC tokens', async () => {
    const jwt = new JwtAuthenticator(settings(pemFile));
    assert.equal(await jwt.authenticate(await token({ sub: 'bob' }, rs256)), 'bob');
    await rejected(
      jwt,
      token({ sub: 'bob' }, (t) => t.setProtectedHeader({ alg: 'RS256' }).sign(other.privateKey)),
    );
    // The public key's bytes used as an HMAC secret: the classic algorithm-confusion forgery.
    const confusion = await token({ sub: 'bob' }, (t) =>
      t.setProtectedHeader({ alg: 'HS256' }).sign(Buffer.from(publicKey.export({ type: 'spki', format: 'pem' }))),
    );
    await rejected(jwt, confusion);
  });

  it('reads a JWKS file, and enforces issuer, audience and the principal field', async () => {
    const jwksFile = join(directory, 'jwks.json');
    writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] }));
    const jwt = new JwtAuthenticator(
      settings(jwksFile, {
        requiredIssuer: 'https://idp',
        requiredAudience: 'vivace',
        principalField: 'preferred_username',
      }),
    );
    const good = { iss: 'https://idp', aud: ['other', 'vivace'], preferred_username: 'carol', sub: 'id-17' };
    assert.equal(await jwt.authenticate(await token(good, rs256)), 'carol');
    await rejected(jwt, token({ ...good, iss: 'https://evil' }, rs256), /iss/);
    await rejected(jwt, token({ ...good, aud: 'other' }, rs256), /aud/);
    await rejected(jwt, token({ iss: good.iss, aud: good.aud, sub: 'x' }, rs256), /Invalid credentials/);
  });
});
