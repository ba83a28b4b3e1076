import assert from 'node:assert/strict';
import { test } from 'node:test';
import { optimisedSrc } from './media';

test("optimisedSrc is next/image's optimiser URL for our raster media, the source itself otherwise", () => {
  assert.equal(optimisedSrc('/media/a b.jpg?v=2', 96), '/_next/image?url=%2Fmedia%2Fa%20b.jpg%3Fv%3D2&w=96&q=75');
  assert.equal(optimisedSrc('/media/logo.svg', 96), '/media/logo.svg');
  assert.equal(optimisedSrc('https://cdn.example/x.jpg', 96), 'https://cdn.example/x.jpg');
});
