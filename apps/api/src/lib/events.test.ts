/**
 * The domain event bus (docs/architecture.md "Domain events"): a failing subscriber of an event
 * told after the commit does not cost the others their work; inside a transaction it stops them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DomainEventBus } from './events';

test('after the commit, every subscriber runs although an earlier one fails; emit rejects with that failure', async () => {
  const bus = new DomainEventBus();
  const ran: string[] = [];
  const failure = new Error('the invoice could not be issued');
  bus.on('order.status_changed', 'invoices: issue', () => {
    ran.push('invoices');
    throw failure;
  });
  bus.on('order.status_changed', 'shipping: cancel at the courier', () => void ran.push('shipping'));
  bus.on('order.status_changed', 'whatsapp: tell the shopper', () => void ran.push('whatsapp'));
  await assert.rejects(
    bus.emit('order.status_changed', { orderId: 'o1', status: 'cancelled', storeStep: false }),
    failure,
  );
  assert.deepEqual(ran, ['invoices', 'shipping', 'whatsapp']);
});

test('inside a transaction, the first failure stops the rest, so the transaction rolls back', async () => {
  const bus = new DomainEventBus();
  const ran: string[] = [];
  class Conflict extends Error {}
  bus.on('stock.changed', 'catalogue: first', () => {
    ran.push('first');
    throw new Conflict('sold out meanwhile');
  });
  bus.on('stock.changed', 'alerts: second', () => void ran.push('second'));
  await assert.rejects(bus.emit('stock.changed', { productIds: ['p1'], cameBack: false }), Conflict);
  assert.deepEqual(ran, ['first']);
});
