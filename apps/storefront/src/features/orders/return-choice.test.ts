import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_RETURN_FILE_BYTES, ORDER_MESSAGES } from '@vastra/contracts';
import { checkFiles, chosenItems, clampQuantity, formatBytes, returnKind } from './return-choice';

const kurta = { id: 'kurta', returnable: true, returnableQuantity: 2 };
const shirt = { id: 'shirt', returnable: true, returnableQuantity: 1 };
const socks = { id: 'socks', returnable: false, returnableQuantity: 0 };
const returnedAlready = { id: 'saree', returnable: true, returnableQuantity: 0 };
const lines = [kurta, shirt, socks, returnedAlready];

const photo = (name: string, size = 1000, type = 'image/jpeg') => ({ name, size, type });

describe('choosing what to return', () => {
  it('keeps a quantity between none and what may still be returned', () => {
    assert.equal(clampQuantity(kurta, 5), 2);
    assert.equal(clampQuantity(kurta, -1), 0);
    assert.equal(clampQuantity(kurta, 1.7), 1);
    assert.equal(clampQuantity(kurta, Number.NaN), 0);
    assert.equal(clampQuantity(socks, 1), 0, 'a non-returnable category');
    assert.equal(clampQuantity(returnedAlready, 1), 0, 'nothing left of the line');
  });

  it('lists only the lines with pieces chosen, capped', () => {
    assert.deepEqual(chosenItems(lines, { kurta: 3, shirt: 0, socks: 1 }), [{ orderItemId: 'kurta', quantity: 2 }]);
  });
});

describe('full or partial return', () => {
  it('every returnable piece left chosen is a full return (POST /orders/{id}/return)', () => {
    assert.equal(returnKind(lines, { kurta: 2, shirt: 1 }), 'full');
    // Lines that cannot be returned, or are already returned, do not stand in the way.
    assert.equal(returnKind(lines, { kurta: 2, shirt: 1, socks: 1 }), 'full');
  });

  it('fewer pieces is a partial return (/partial-return)', () => {
    assert.equal(returnKind(lines, { kurta: 1, shirt: 1 }), 'partial');
    assert.equal(returnKind(lines, { kurta: 2 }), 'partial');
  });

  it('nothing chosen is no return at all', () => {
    assert.equal(returnKind(lines, {}), null);
    assert.equal(returnKind(lines, { socks: 1 }), null);
  });
});

describe('photo and video checks (as the API makes them)', () => {
  it('takes photos and videos of the allowed types', () => {
    const picked = [photo('a.jpg'), photo('b.png', 10, 'image/png'), photo('c.mp4', 10, 'video/mp4')];
    assert.deepEqual(checkFiles([], picked), { accepted: picked, error: null });
  });

  it('refuses another type with the API message', () => {
    const result = checkFiles([], [photo('notes.pdf', 10, 'application/pdf'), photo('a.jpg')]);
    assert.deepEqual(
      result.accepted.map((f) => f.name),
      ['a.jpg'],
    );
    assert.equal(result.error, ORDER_MESSAGES.returnFileType);
  });

  it('refuses a file above 5 MB, accepts one of exactly 5 MB', () => {
    const result = checkFiles(
      [],
      [photo('big.jpg', MAX_RETURN_FILE_BYTES + 1), photo('edge.jpg', MAX_RETURN_FILE_BYTES)],
    );
    assert.deepEqual(
      result.accepted.map((f) => f.name),
      ['edge.jpg'],
    );
    assert.equal(result.error, ORDER_MESSAGES.returnFileTooLarge);
  });

  it('stops at 5 files, counting those already chosen', () => {
    const kept = [photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg')];
    const result = checkFiles(kept, [photo('5.jpg'), photo('6.jpg')]);
    assert.deepEqual(
      result.accepted.map((f) => f.name),
      ['5.jpg'],
    );
    assert.equal(result.error, ORDER_MESSAGES.returnTooManyFiles);
  });

  it('names sizes the way the form lists them', () => {
    assert.equal(formatBytes(340 * 1024), '340 KB');
    assert.equal(formatBytes(1.25 * 1024 * 1024), '1.3 MB');
  });
});
