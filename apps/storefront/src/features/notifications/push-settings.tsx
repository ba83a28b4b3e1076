'use client';

import type { PushPreferences } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import {
  deletePushSubscription,
  readPushKey,
  readPushPreferences,
  savePushPreferences,
  savePushSubscription,
} from '@/lib/api/browser/push';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { applicationServerKeyOf } from './push-notification';

/** The section's texts (messages namespace `notifications`), read on the server. */
export type PushTexts = Record<
  | 'checking'
  | 'allow'
  | 'turnOff'
  | 'on'
  | 'kinds'
  | 'backInStock'
  | 'priceDrop'
  | 'orderUpdates'
  | 'unsupported'
  | 'denied'
  | 'storeOff'
  | 'failed',
  string
>;

type State =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'denied' }
  | { kind: 'storeOff' }
  | { kind: 'off'; publicKey: string }
  | { kind: 'on'; publicKey: string; id: string; preferences: PushPreferences };

const KINDS = ['backInStock', 'priceDrop', 'orderUpdates'] as const;
/** How long to wait for the service worker before saying this browser cannot take push, in ms. */
const WORKER_WAIT_MS = 10_000;

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration, or an error when none becomes ready in time. */
function worker(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS)),
  ]);
}

const problem = (error: unknown, fallback: string) => (error instanceof MutationError ? error.message : fallback);

/**
 * "Notifications on this device" (docs/behaviour.md "Push notifications"): allow push
 * (permission, then the service worker's push subscription with the store's VAPID key, saved
 * by the API), choose the kinds, or turn it off here. A browser without push, notifications
 * blocked or a store that sends none is said plainly.
 */
export function PushSettings({ texts }: { texts: PushTexts }) {
  const { apiUrl } = usePublicConfig();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    const set = (next: State) => current && setState(next);
    (async () => {
      if (!supported()) return set({ kind: 'unsupported' });
      if (Notification.permission === 'denied') return set({ kind: 'denied' });
      const key = await readPushKey(apiUrl);
      if (!key.enabled || !key.publicKey) return set({ kind: 'storeOff' });
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription || Notification.permission !== 'granted') return set({ kind: 'off', publicKey: key.publicKey });
      // Refreshed on every visit: the API keeps this browser's keys and knows the device is the shopper's.
      const id = await savePushSubscription(apiUrl, subscription.toJSON());
      const preferences = await readPushPreferences(apiUrl);
      set(
        preferences
          ? { kind: 'on', publicKey: key.publicKey, id, preferences }
          : { kind: 'off', publicKey: key.publicKey },
      );
    })().catch(() => set({ kind: 'unsupported' }));
    return () => {
      current = false;
    };
  }, [apiUrl]);

  const allow = async (publicKey: string) => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setState({ kind: 'denied' });
      if (permission !== 'granted') return;
      const registration = await worker();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKeyOf(publicKey),
      });
      const id = await savePushSubscription(apiUrl, subscription.toJSON());
      const preferences = await readPushPreferences(apiUrl);
      if (preferences) setState({ kind: 'on', publicKey, id, preferences });
    } catch (error) {
      toast.error(problem(error, texts.failed));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async (publicKey: string, id: string) => {
    setBusy(true);
    try {
      await deletePushSubscription(apiUrl, id);
      const registration = await navigator.serviceWorker.getRegistration();
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      setState({ kind: 'off', publicKey });
    } catch (error) {
      toast.error(problem(error, texts.failed));
    } finally {
      setBusy(false);
    }
  };

  const choose = async (on: Extract<State, { kind: 'on' }>, kind: (typeof KINDS)[number], value: boolean) => {
    setBusy(true);
    try {
      const preferences = await savePushPreferences(apiUrl, { ...on.preferences, [kind]: value });
      if (preferences) setState({ ...on, preferences });
    } catch (error) {
      toast.error(problem(error, texts.failed));
    } finally {
      setBusy(false);
    }
  };

  if (
    state.kind === 'checking' ||
    state.kind === 'unsupported' ||
    state.kind === 'denied' ||
    state.kind === 'storeOff'
  ) {
    return (
      <p role="status" className="text-sm text-stone-700">
        {texts[state.kind]}
      </p>
    );
  }
  const button =
    'rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-semibold text-stone-900 hover:border-brand-700 hover:text-brand-700 disabled:cursor-wait disabled:opacity-70';
  if (state.kind === 'off') {
    return (
      <button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void allow(state.publicKey)}
        className={button}
      >
        {texts.allow}
      </button>
    );
  }
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-semibold text-emerald-800">
        {texts.on}
      </p>
      <fieldset className="space-y-2" disabled={busy}>
        <legend className="text-sm font-semibold text-stone-900">{texts.kinds}</legend>
        {KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={state.preferences[kind]}
              onChange={(event) => void choose(state, kind, event.target.checked)}
            />
            {texts[kind]}
          </label>
        ))}
      </fieldset>
      <button type="button" disabled={busy} onClick={() => void turnOff(state.publicKey, state.id)} className={button}>
        {texts.turnOff}
      </button>
    </div>
  );
}
