import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localePath, unlocalisedPath } from './paths';

test('English hrefs stay as written; Hindi ones get /hi in front', () => {
  assert.equal(localePath('/shop?sort=newest', 'en'), '/shop?sort=newest');
  assert.equal(localePath('/shop?sort=newest', 'hi'), '/hi/shop?sort=newest');
  assert.equal(localePath('/', 'hi'), '/hi');
  assert.equal(localePath('/?ref=home', 'hi'), '/hi?ref=home');
  assert.equal(localePath('/#main', 'hi'), '/hi#main');
});

test('what is not a path on this site is left alone', () => {
  for (const href of ['https://example.com/x', '//cdn.example.com/a', '#main', 'mailto:a@b.in', 'tel:+91']) {
    assert.equal(localePath(href, 'hi'), href);
  }
});

test('the language prefix comes off a path, and only a whole segment', () => {
  assert.equal(unlocalisedPath('/hi/shop/product/1'), '/shop/product/1');
  assert.equal(unlocalisedPath('/hi'), '/');
  assert.equal(unlocalisedPath('/shop'), '/shop');
  assert.equal(unlocalisedPath('/hindi-sarees'), '/hindi-sarees');
});
