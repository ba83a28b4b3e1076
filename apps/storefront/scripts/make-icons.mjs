// Makes the installable app's icons (public/icon-*.png, named in src/app/manifest.ts) from
// src/app/icon.svg with sharp (the API's image library). Run once after changing the icon:
// `node apps/storefront/scripts/make-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const svg = fs.readFileSync(path.join(appDir, 'src/app/icon.svg'), 'utf8');
const out = (name) => path.join(appDir, 'public', name);

for (const size of [192, 512]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
}

// Maskable: launchers crop to any shape inside the middle 80%, so the colour fills the square
// (no rounded corners) and the mark is shrunk to sit well within that safe zone.
const maskable = svg
  .replace(/ rx="[^"]*"/, '')
  .replace('<path ', '<path transform="translate(16 16) scale(0.62) translate(-16 -16)" ');
await sharp(Buffer.from(maskable), { density: (72 * 512) / 32 })
  .resize(512, 512)
  .png()
  .toFile(out('icon-maskable-512.png'));
