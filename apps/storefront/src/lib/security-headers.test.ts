import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contentSecurityPolicy, newNonce, securityHeaders, type SecurityHeaderOptions } from './security-headers';

const options = (overrides: Partial<SecurityHeaderOptions> = {}): SecurityHeaderOptions => ({
  nonce: 'bm9uY2Utb2YtdGhpcy1wYWdl',
  siteUrl: 'http://localhost:3100',
  publicApiUrl: 'http://localhost:9100',
  googleSignIn: false,
  development: false,
  ...overrides,
});

/** The policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(/;\s*/).map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('security headers of every storefront page', () => {
  test("scripts run only with this response's nonce: no inline scripts, no eval in production", () => {
    const csp = directives(contentSecurityPolicy(options()));
    assert.deepEqual(csp.get('script-src'), ["'self'", "'nonce-bm9uY2Utb2YtdGhpcy1wYWdl'", "'strict-dynamic'"]);
    assert.equal(csp.get('default-src')?.join(' '), "'self'");
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.deepEqual(csp.get('base-uri'), ["'self'"]);
    assert.deepEqual(csp.get('form-action'), ["'self'"]);
    assert.ok(!contentSecurityPolicy(options()).includes('unsafe-eval'));
    assert.ok(contentSecurityPolicy(options({ development: true })).includes("'unsafe-eval'"));
  });

  test('style elements need the nonce; style attributes are allowed', () => {
    const csp = directives(contentSecurityPolicy(options()));
    assert.deepEqual(csp.get('style-src-elem'), ["'self'", "'nonce-bm9uY2Utb2YtdGhpcy1wYWdl'"]);
    assert.deepEqual(csp.get('style-src-attr'), ["'unsafe-inline'"]);
  });

  test("the service worker and the app manifest load only from the storefront's own origin", () => {
    const csp = directives(contentSecurityPolicy(options({ publicApiUrl: 'https://api.example.com/' })));
    assert.deepEqual(csp.get('worker-src'), ["'self'"]);
    assert.deepEqual(csp.get('manifest-src'), ["'self'"]);
  });

  test('no page may be framed', () => {
    assert.deepEqual(directives(contentSecurityPolicy(options())).get('frame-ancestors'), ["'none'"]);
    assert.equal(securityHeaders(options())['X-Frame-Options'], 'DENY');
  });

  test("the API's address may be called and show images; previews are data: and blob:", () => {
    const csp = directives(contentSecurityPolicy(options({ publicApiUrl: 'https://api.example.com/' })));
    assert.deepEqual(csp.get('connect-src'), ["'self'", 'https://api.example.com']);
    assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', 'blob:', 'https://api.example.com']);
    assert.deepEqual(csp.get('media-src'), ["'self'", 'blob:', 'https://api.example.com']);
  });

  test("Google sign-in's script, styles, frames and calls are allowed only when it is configured", () => {
    const off = contentSecurityPolicy(options());
    assert.ok(!off.includes('accounts.google.com'));
    assert.equal(directives(off).has('frame-src'), false);
    const on = directives(contentSecurityPolicy(options({ googleSignIn: true })));
    assert.ok(on.get('script-src')!.includes('https://accounts.google.com/gsi/client'));
    assert.ok(on.get('style-src-elem')!.includes('https://accounts.google.com/gsi/style'));
    assert.deepEqual(on.get('frame-src'), ['https://accounts.google.com/gsi/']);
    assert.ok(on.get('connect-src')!.includes('https://accounts.google.com/gsi/'));
  });

  test("Razorpay's checkout.js, modal frames and calls, and the answer's post to the API only when it is offered", () => {
    const off = contentSecurityPolicy(options());
    assert.ok(!off.includes('razorpay'));
    assert.deepEqual(directives(off).get('form-action'), ["'self'"]);
    const on = directives(
      contentSecurityPolicy(options({ razorpayCheckoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' })),
    );
    assert.ok(on.get('script-src')!.includes('https://checkout.razorpay.com'));
    assert.deepEqual(on.get('frame-src'), ['https://checkout.razorpay.com', 'https://api.razorpay.com']);
    assert.ok(on.get('connect-src')!.includes('https://api.razorpay.com'));
    assert.ok(on.get('img-src')!.includes('https://cdn.razorpay.com'));
    assert.deepEqual(on.get('form-action'), ["'self'", 'http://localhost:9100']);
  });

  test('HSTS and upgrades only when the site is served over https', () => {
    const http = securityHeaders(options());
    assert.equal(http['Strict-Transport-Security'], undefined);
    assert.ok(!http['Content-Security-Policy']!.includes('upgrade-insecure-requests'));
    const https = securityHeaders(options({ siteUrl: 'https://shop.example.com' }));
    assert.equal(https['Strict-Transport-Security'], 'max-age=63072000; includeSubDomains');
    assert.ok(https['Content-Security-Policy']!.endsWith('; upgrade-insecure-requests'));
  });

  test('no sniffing, a trimmed Referer and no device features', () => {
    const headers = securityHeaders(options());
    assert.equal(headers['X-Content-Type-Options'], 'nosniff');
    assert.equal(headers['Referrer-Policy'], 'strict-origin-when-cross-origin');
    assert.equal(headers['Permissions-Policy'], 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  });

  test('each nonce is new: 128 random bits', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) assert.equal(Buffer.from(nonce, 'base64').length, 16);
  });
});
