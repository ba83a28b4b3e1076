// Checks the storefront's first-load JavaScript per route against the budget (bundle-size.mjs),
// building the apps first when their sources changed; prints the table, exits 1 when over.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAppsIfNeeded } from '../../../scripts/build-apps.mjs';
import { checkBudget } from './bundle-size.mjs';

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
buildAppsIfNeeded();
const { ok, over, table } = checkBudget(path.join(appDir, '.next'));
console.log(table);
if (!ok) {
  console.error(`First-load JavaScript over budget on ${over.map((row) => row.route).join(', ')}.`);
  process.exit(1);
}
