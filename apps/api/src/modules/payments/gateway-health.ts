/**
 * Which online gateways are answering (behaviour.md §12 gateways): a gateway whose API failed
 * when a payment was started is held as failing for FAILING_FOR_MS, and checkout offers the
 * store's other gateways meanwhile. The memory is shared by every instance through the
 * admin_settings store (one key per gateway, so two instances never overwrite each other's
 * news), and a success on any instance clears it.
 */
import type { OnlineGateway } from '@vastra/contracts';

/** How long a gateway that failed is passed over, in ms. */
export const FAILING_FOR_MS = 2 * 60_000;

/** The admin_settings store (StaffService): one JSON value per key. */
export type HealthStore = {
  stateValue(key: string): Promise<unknown>;
  setStateValue(key: string, value: unknown): Promise<void>;
};

const keyOf = (gateway: string) => `payments.failing.${gateway}`;

export class GatewayHealth {
  constructor(
    private readonly store: HealthStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remembers that the gateway's API failed just now. */
  async failed(gateway: string): Promise<void> {
    await this.store.setStateValue(keyOf(gateway), { until: this.now() + FAILING_FOR_MS });
  }

  /** Forgets an earlier failure of the gateway (it answered); no write when none is remembered. */
  async answered(gateway: string): Promise<void> {
    if (await this.isFailing(gateway)) await this.store.setStateValue(keyOf(gateway), null);
  }

  /** Whether the gateway failed within FAILING_FOR_MS. */
  async isFailing(gateway: string): Promise<boolean> {
    const value = (await this.store.stateValue(keyOf(gateway))) as { until?: unknown } | null;
    return typeof value?.until === 'number' && value.until > this.now();
  }

  /**
   * The gateways to offer, in the store's order, without those failing; all of them when every
   * one is failing (there is nothing better to offer, and one may have recovered).
   */
  async offered(gateways: OnlineGateway[]): Promise<OnlineGateway[]> {
    const failing = await Promise.all(gateways.map((g) => this.isFailing(g)));
    const answering = gateways.filter((_, i) => !failing[i]);
    return answering.length > 0 ? answering : gateways;
  }
}
