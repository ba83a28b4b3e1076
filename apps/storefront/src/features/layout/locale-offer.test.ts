import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localeToOffer } from './locale-offer';

test('a Hindi browser on an English page is offered Hindi on its first visit', () => {
  assert.equal(localeToOffer('en', null, 'hi-IN,hi;q=0.9,en;q=0.8'), 'hi');
  assert.equal(localeToOffer('en', null, 'hi'), 'hi');
});

test('an English browser, or none, is offered nothing on an English page', () => {
  assert.equal(localeToOffer('en', null, 'en-IN,en;q=0.9'), null);
  assert.equal(localeToOffer('en', null, null), null);
  assert.equal(localeToOffer('en', null, 'ta-IN,ta'), null);
});

test('the remembered choice wins over the browser, both ways', () => {
  assert.equal(localeToOffer('en', 'hi', 'en-IN'), 'hi');
  assert.equal(localeToOffer('hi', 'en', 'hi-IN'), 'en');
  assert.equal(localeToOffer('en', 'en', 'hi-IN'), null);
  assert.equal(localeToOffer('hi', 'hi', 'en'), null);
});

test('a cookie that is no language of ours is ignored', () => {
  assert.equal(localeToOffer('en', 'fr', 'hi'), 'hi');
});
