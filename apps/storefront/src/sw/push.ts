/// <reference lib="webworker" />

/**
 * Web push in the service worker (src/sw/index.ts): registers the worker's `push` and
 * `notificationclick` listeners on `sw`. A stub for now: it registers nothing, so a push
 * message shows nothing (docs/architecture.md "Service worker").
 */
export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  void sw;
}
