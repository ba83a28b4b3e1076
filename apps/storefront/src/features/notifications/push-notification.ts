/**
 * What the service worker shows for a push (docs/behaviour.md "Push notifications"): the API
 * sends small JSON {title, body, url, tag, image?}; this turns it into `showNotification`'s
 * arguments. Pure, so it is tested without a worker (push-notification.test.ts).
 */

/** The store's icon, shown beside every notification (public/icon-192.png). */
export const NOTIFICATION_ICON = '/icon-192.png';

/** `showNotification(title, options)` for one push; `data.url` is the page a tap opens. */
export type NotificationArgs = {
  title: string;
  options: { body: string; icon: string; tag?: string; image?: string; data: { url: string } };
};

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : undefined;

/**
 * The notification of a push's data (its text, parsed as JSON), or null for one that is not
 * ours (no title). A url of another origin than `origin` opens the home page instead: a tap
 * only ever opens the store.
 */
export function notificationOf(data: string | null | undefined, origin: string): NotificationArgs | null {
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(data ?? '');
    if (!parsed || typeof parsed !== 'object') return null;
    payload = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const title = text(payload.title, 100);
  if (!title) return null;
  const url = text(payload.url, 2000);
  const sameOrigin = !!url && URL.canParse(url, origin) && new URL(url, origin).origin === origin;
  const tag = text(payload.tag, 100);
  const image = text(payload.image, 2000);
  return {
    title,
    options: {
      body: text(payload.body, 300) ?? '',
      icon: NOTIFICATION_ICON,
      ...(tag ? { tag } : {}),
      ...(image && URL.canParse(image) && new URL(image).protocol === 'https:' ? { image } : {}),
      data: { url: sameOrigin ? new URL(url, origin).href : `${origin}/` },
    },
  };
}

/** The VAPID public key (base64url, as the API gives it) as `pushManager.subscribe` takes it. */
export function applicationServerKeyOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) key[i] = binary.charCodeAt(i);
  return key;
}
