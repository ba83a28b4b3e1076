import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  afterPageLoad,
  isOrderConfirmation,
  parseInstallOfferState,
  shouldOfferInstall,
  type InstallOfferState,
} from './install-offer-rule';

const load = (state: InstallOfferState, newVisit: boolean, path = '/shop') =>
  afterPageLoad(state, { newVisit, orderConfirmation: isOrderConfirmation(path) });

describe('when "Add to home screen" is offered', () => {
  test('never on the first visit, however many pages it opens', () => {
    let state = load(parseInstallOfferState(null), true, '/');
    assert.equal(shouldOfferInstall(state), false);
    for (const path of ['/shop', '/shop/product/x', '/cart']) {
      state = load(state, false, path);
      assert.equal(shouldOfferInstall(state), false, path);
    }
  });

  test('from the second visit on', () => {
    const first = load(parseInstallOfferState(null), true);
    const second = load(first, true);
    assert.equal(second.visits, 2);
    assert.equal(shouldOfferInstall(second), true);
  });

  test('after an order, even in the first visit', () => {
    const first = load(parseInstallOfferState(null), true, '/checkout');
    const confirmed = load(first, false, '/checkout/confirmation/ord_123');
    assert.equal(shouldOfferInstall(confirmed), true);
    assert.equal(shouldOfferInstall(load(parseInstallOfferState(null), true, '/hi/checkout/confirmation/9')), true);
  });

  test('only once: once shown (installed or dismissed) never again', () => {
    const shown = { ...load(load(parseInstallOfferState(null), true), true), offered: true };
    assert.equal(shouldOfferInstall(shown), false);
    const stored = parseInstallOfferState(JSON.stringify(shown));
    assert.equal(shouldOfferInstall(load(load(stored, true), true, '/checkout/confirmation/1')), false);
  });

  test('an unreadable memory counts as a fresh start, not as an offer to make', () => {
    for (const raw of ['{', 'null', '"x"', '{"visits":"9","ordered":"yes"}', '{"visits":-3}']) {
      const state = parseInstallOfferState(raw);
      assert.deepEqual(state, { visits: 0, ordered: false, offered: false }, raw);
      assert.equal(shouldOfferInstall(load(state, true)), false, raw);
    }
  });

  test('the order confirmation page is recognised in both languages only', () => {
    assert.equal(isOrderConfirmation('/checkout/confirmation/abc'), true);
    assert.equal(isOrderConfirmation('/hi/checkout/confirmation/abc'), true);
    assert.equal(isOrderConfirmation('/checkout'), false);
    assert.equal(isOrderConfirmation('/account/orders/abc'), false);
  });
});
