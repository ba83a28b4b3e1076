/// <reference lib="webworker" />

/**
 * Web push in the service worker (src/sw/index.ts; docs/behaviour.md "Push notifications"):
 * `push` shows the API's notification (features/notifications/push-notification.ts), and a tap
 * focuses a tab of the store already on that page, else opens it.
 */
import { notificationOf } from '../features/notifications/push-notification';

/** Adds the worker's `push` and `notificationclick` listeners to `sw`. */
export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const shown = notificationOf(event.data?.text(), sw.location.origin);
    if (shown) event.waitUntil(sw.registration.showNotification(shown.title, shown.options));
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const url =
      data && typeof data === 'object' && typeof (data as { url?: unknown }).url === 'string'
        ? (data as { url: string }).url
        : `${sw.location.origin}/`;
    event.waitUntil(
      (async () => {
        const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = tabs.find((tab) => tab.url === url);
        if (open) await open.focus();
        else await sw.clients.openWindow(url);
      })(),
    );
  });
}
