// Derives the store's compact India Post directory, data-sources/pincodes/pincodes.csv, and
// copies the GST state codes to data-sources/gst/, from the shared India data set
// (../shared/data by default, or the folder given as the first argument). Run by hand when
// the source changes: `node scripts/vendor-pincodes.mjs [../shared/data]`. The API reads only
// the vendored files, never the shared folder. data-sources/README.md says what changed.
//
// One row per pincode: `pincode,district,state_codes`, where
// - district is the district most of the pincode's post offices are in (as the source's
//   india_pincodes.csv picks it), in title case for display as the city;
// - state_codes are the GST state codes of every state the pincode's offices are in, the
//   state with the most offices first (then by code), separated by `|`.
// Offices without a state (`NA` in the source) are ignored; a pincode none of whose offices
// has a state is left out, since the store could not check an address against it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const source = path.resolve(process.argv[2] ?? path.join(root, '../shared/data'));
const pincodeDir = path.join(root, 'data-sources/pincodes');
const gstDir = path.join(root, 'data-sources/gst');

const read = (file) => parse(fs.readFileSync(path.join(source, file)), { columns: true, skip_empty_lines: true });

// Words kept in lower case inside a name ("Dadra and Nagar Haveli").
const SMALL_WORDS = new Set(['and', 'of', 'the']);

/** "BENGALURU URBAN" → "Bengaluru Urban"; names already in mixed case and initialisms ("Y.S.R.") stay. */
function titleCase(name) {
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((word, i) => {
      if (word.includes('.')) return word.toUpperCase();
      if (i > 0 && SMALL_WORDS.has(word)) return word;
      return word.replace(/(^|[-(])([a-z])/g, (_, before, letter) => before + letter.toUpperCase());
    })
    .join(' ');
}

const gstRows = read('gst/gst_state_codes.csv');
const codeByPostalName = new Map(
  gstRows.filter((r) => r.pincode_statename).map((r) => [r.pincode_statename, r.gst_state_code]),
);

const pincodes = read('pincodes/india_pincodes.csv');
const offices = read('pincodes/india_post_offices.csv');

/** pincode → (GST code → number of offices). */
const officesByState = new Map();
for (const office of offices) {
  if (office.statename === 'NA') continue;
  const code = codeByPostalName.get(office.statename);
  if (!code) throw new Error(`No GST code for the postal state "${office.statename}" (pincode ${office.pincode})`);
  const counts = officesByState.get(office.pincode) ?? new Map();
  counts.set(code, (counts.get(code) ?? 0) + 1);
  officesByState.set(office.pincode, counts);
}

const lines = ['pincode,district,state_codes'];
const skipped = [];
let crossBorder = 0;
for (const row of pincodes) {
  const counts = officesByState.get(row.pincode);
  if (!counts) {
    skipped.push(row.pincode);
    continue;
  }
  const main = codeByPostalName.get(row.statename);
  const codes = [...counts.keys()].sort(
    (a, b) => Number(b === main) - Number(a === main) || counts.get(b) - counts.get(a) || a.localeCompare(b),
  );
  if (codes.length > 1) crossBorder += 1;
  const district = row.district === 'NA' ? '' : titleCase(row.district);
  if (/[",\n|]/.test(district)) throw new Error(`District of ${row.pincode} needs quoting: ${district}`);
  lines.push(`${row.pincode},${district},${codes.join('|')}`);
}

fs.mkdirSync(pincodeDir, { recursive: true });
fs.mkdirSync(gstDir, { recursive: true });
fs.writeFileSync(path.join(pincodeDir, 'pincodes.csv'), `${lines.join('\n')}\n`);
// Copied by content: the source is read-only, and its file mode should not travel with it.
fs.writeFileSync(
  path.join(gstDir, 'gst_state_codes.csv'),
  fs.readFileSync(path.join(source, 'gst/gst_state_codes.csv')),
);
console.log(
  `${lines.length - 1} pincodes (${crossBorder} in more than one state); ${skipped.length} without any state left out: ${skipped.join(' ')}`,
);
