import type { Tracking } from '@vastra/contracts';
import { getLocaliseMessage } from '@/i18n/spec-messages-server';
import { TrackingPanelView } from './tracking-view';

/** The server's read of an order's tracking: the answer, or the message to show. */
export type TrackingRead = { tracking: Tracking } | { error: string };

/**
 * The order page's tracking panel, streamed in once the server's read of it is done (wrap it in
 * Suspense with `<TrackingPanelView busy />`), so the courier's answer never holds up the order.
 * A failed read says its behaviour.md §8 message in the page's language.
 */
export async function TrackingSection({ read }: { read: Promise<TrackingRead> }) {
  const [answer, localise] = await Promise.all([read, getLocaliseMessage()]);
  return 'tracking' in answer ? (
    <TrackingPanelView tracking={answer.tracking} busy={false} />
  ) : (
    <TrackingPanelView error={localise(answer.error)} busy={false} />
  );
}
