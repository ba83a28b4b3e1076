/**
 * Test helper: moves an order along the lifecycle with the real OrdersService.transition, as the
 * operator would, one step per transaction.
 */
import type { OrderStatus } from '@vastra/contracts';
import type { Db } from '../db/client';
import { OrdersService, type OrdersDeps, type TransitionInput } from '../modules/orders/service';

// transition works only with the transaction it is given; building the service reads no dependency.
const lifecycle = new OrdersService({} as OrdersDeps);

/** Applies each step in turn (actor "operator"); `shipment` goes with the `shipped` step. */
export async function advanceOrder(
  db: Db,
  orderId: string,
  steps: OrderStatus[],
  shipment?: TransitionInput['shipment'],
): Promise<void> {
  for (const to of steps) {
    await db.transaction((tx) =>
      lifecycle.transition(tx, orderId, to, { actor: 'operator', ...(to === 'shipped' ? { shipment } : {}) }),
    );
  }
}
