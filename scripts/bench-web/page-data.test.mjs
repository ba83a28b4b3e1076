import assert from 'node:assert/strict';
import { test } from 'node:test';
import { htmlShows } from './page-data.mjs';

test("a shopper's data in the markup counts, escaped as React writes it", () => {
  const html = `<main><h2>Levi&#x27;s Men Blue Jeans</h2><input name="email" value="bench-1@example.com"/></main>`;
  assert.equal(htmlShows(html, ["Levi's Men Blue Jeans", 'bench-1@example.com']), true);
});

test('data only in a script (the RSC payload) does not count, nor does half of it', () => {
  const html = `<main><p>Your cart is empty</p></main><script>self.__next_f.push([1,"Levi's Men Blue Jeans"])</script>`;
  assert.equal(htmlShows(html, ["Levi's Men Blue Jeans"]), false);
  assert.equal(htmlShows('<main>VST-1001</main>', ['VST-1001', 'VST-1002']), false);
});
