import { getConfig } from '@/lib/config';
import { REQUEST_ID_HEADER } from '@/lib/request-id';

/**
 * Streams catalogue media (`/media/…`) from the API, so that pages and next/image use a
 * same-origin path whatever the API's address (see src/lib/media.ts). Range requests are
 * passed through for videos.
 */
const PASS_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  if (path.some((segment) => segment === '..' || segment === '.' || segment.includes('/') || segment.includes('\\'))) {
    return new Response('Not found', { status: 404 });
  }
  const upstreamUrl = `${getConfig().apiUrl}/media/${path.map(encodeURIComponent).join('/')}`;
  const headers: HeadersInit = {};
  // The request's id from src/proxy.ts too: this fetch is never cached (lib/request-id.ts).
  for (const name of ['range', 'if-none-match', 'if-modified-since', REQUEST_ID_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  let upstream: Response;
  try {
    upstream = await fetch(upstreamUrl, { headers, cache: 'no-store', signal: AbortSignal.timeout(10_000) });
  } catch {
    return new Response('Media unavailable', { status: 502 });
  }
  if (upstream.status === 404) return new Response('Not found', { status: 404 });
  if (!upstream.ok && upstream.status !== 304) return new Response('Media unavailable', { status: 502 });

  const out = new Headers();
  for (const name of PASS_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  // Photos whose URL names their content (the API marks them public and immutable) keep the
  // API's year-long lifetime; anything else may change under its URL and is kept a day.
  const upstreamCaching = upstream.headers.get('cache-control') ?? '';
  const immutable = /\bpublic\b/.test(upstreamCaching) && /\bimmutable\b/.test(upstreamCaching);
  out.set('cache-control', immutable ? upstreamCaching : 'public, max-age=86400, stale-while-revalidate=604800');
  out.set('x-content-type-options', 'nosniff');
  // An SVG opened directly must not run scripts on our origin.
  out.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
}
