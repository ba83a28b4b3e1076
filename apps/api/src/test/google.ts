/**
 * Google sign-in for tests, mocked at its HTTP boundary: a JWKS served over HTTP on
 * 127.0.0.1 (point GOOGLE_JWKS_URL at `jwksUrl`) and ID tokens signed in Google's documented
 * shape (RS256, iss accounts.google.com, aud = the client id, email_verified).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export const GOOGLE_CLIENT_ID = '1234567890-vastra.apps.googleusercontent.com';
const KID = 'test-key-1';

export type GoogleClaims = { sub?: string; email?: string; email_verified?: boolean; name?: string };
/** One property of the token bent at a time: another key, audience, issuer or expiry (seconds). */
export type TokenOverrides = { key?: CryptoKey; audience?: string; issuer?: string; expiresAt?: number };

export type FakeGoogle = {
  /** The env that points the API at this Google: GOOGLE_CLIENT_ID and GOOGLE_JWKS_URL. */
  env: Record<string, string>;
  /** An ID token as Google issues it (verified email, a random sub unless given). */
  idToken(claims: GoogleClaims, overrides?: TokenOverrides): Promise<string>;
  close(): Promise<void>;
};

/** Starts the JWKS server with a fresh RS256 key pair. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs` },
    idToken(claims, overrides = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
        .setIssuer(overrides.issuer ?? 'https://accounts.google.com')
        .setAudience(overrides.audience ?? GOOGLE_CLIENT_ID)
        .setSubject(claims.sub ?? `google-${Math.random().toString(36).slice(2)}`)
        .setIssuedAt(now - 60)
        .setExpirationTime(overrides.expiresAt ?? now + 3600)
        .sign(overrides.key ?? pair.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
