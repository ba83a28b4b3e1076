'use client';

import type { Tracking } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/lib/store/hooks';
import { loadTracking } from '@/lib/store/orders-slice';
import { TrackingPanelView } from './tracking-view';

/**
 * Where the shipment is (GET /api/shipping/track/{id}): courier, AWB, the shipment's status in
 * words, the expected delivery, the courier's scans newest first and a link to the courier's
 * own page. Read when the panel shows and again on "Refresh"; a failure ('Tracking is not
 * available right now…' or 'Failed to track order') is announced and can be retried.
 */
export function TrackingPanel({ orderId, version }: { orderId: string; version: string }) {
  const dispatch = useAppDispatch();
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(true);
  // Each new read (another order, a change to it, Refresh) shows as busy from its first render.
  const readKey = `${orderId}|${version}|${round}`;
  const [shownKey, setShownKey] = useState(readKey);
  if (shownKey !== readKey) {
    setShownKey(readKey);
    setBusy(true);
  }

  useEffect(() => {
    let current = true;
    dispatch(loadTracking(orderId))
      .then((answer) => {
        if (!current) return;
        setTracking(answer);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (current) setError(failure instanceof Error ? failure.message : String(failure));
      })
      .finally(() => {
        if (current) setBusy(false);
      });
    return () => {
      current = false;
    };
  }, [dispatch, orderId, version, round]);

  return <TrackingPanelView tracking={tracking} error={error} busy={busy} onRefresh={() => setRound((n) => n + 1)} />;
}
