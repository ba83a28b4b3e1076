/**
 * The India Post pincode directory and the GST state codes (behaviour.md §1: shipping within India only),
 * vendored in `data-sources/pincodes/pincodes.csv` and `data-sources/gst/gst_state_codes.csv`
 * (sources, licence and changes in data-sources/README.md). Read once per process; lookups
 * are in memory.
 *
 * States are known by their GST state code ("29"); names are matched whatever their case,
 * with "&" and "and" alike, so "karnataka", "KARNATAKA", "Karnataka" and "29" are one state.
 * Only the 36 states and union territories that have a postal state are offered; the legacy
 * GST codes (25, 28) and 97/99 are not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { GstState, PincodeInfo } from '@vastra/contracts';

/** `data-sources` at the repository root. */
const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data-sources');
export const PINCODES_FILE = path.join(DATA_DIR, 'pincodes/pincodes.csv');
export const GST_STATES_FILE = path.join(DATA_DIR, 'gst/gst_state_codes.csv');

/** Former official names people still write. */
const FORMER_NAMES: Readonly<Record<string, string>> = {
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
};

const SMALL_WORDS = new Set(['and', 'of', 'the']);

/** "Andaman And Nicobar islands" → "Andaman and Nicobar Islands". */
function displayName(name: string): string {
  return name
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The form a state name is compared in: lower case, "&" as "and", no punctuation, no leading "the". */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

type Entry = { district: string; codes: string[] };

let loaded: PincodeDirectory | undefined;

export class PincodeDirectory {
  private constructor(
    private readonly pincodes: ReadonlyMap<string, Entry>,
    /** GST code → display name, in code order. */
    private readonly names: ReadonlyMap<string, string>,
    /** nameKey(any name of a state) → GST code. */
    private readonly codesByName: ReadonlyMap<string, string>,
  ) {}

  /** The vendored directory, read on the first call and shared after. Throws if a file is missing. */
  static load(): PincodeDirectory {
    loaded ??= PincodeDirectory.fromFiles(PINCODES_FILE, GST_STATES_FILE);
    return loaded;
  }

  /** A directory from files of the vendored layout (pincode,district,state_codes and the GST CSV). */
  static fromFiles(pincodesFile: string, gstStatesFile: string): PincodeDirectory {
    const gst = parse(fs.readFileSync(gstStatesFile), { columns: true, skip_empty_lines: true }) as {
      gst_state_code: string;
      state_name: string;
      pincode_statename: string;
    }[];
    const names = new Map<string, string>();
    const codesByName = new Map<string, string>(Object.entries(FORMER_NAMES));
    for (const row of gst) {
      if (!row.pincode_statename) continue;
      const name = displayName(row.state_name);
      names.set(row.gst_state_code, name);
      for (const alias of [row.state_name, row.pincode_statename, name])
        codesByName.set(nameKey(alias), row.gst_state_code);
    }
    const rows = parse(fs.readFileSync(pincodesFile), { columns: true, skip_empty_lines: true }) as {
      pincode: string;
      district: string;
      state_codes: string;
    }[];
    const pincodes = new Map<string, Entry>();
    for (const row of rows) {
      const codes = row.state_codes.split('|').filter((code) => names.has(code));
      if (codes.length > 0) pincodes.set(row.pincode, { district: row.district, codes });
    }
    return new PincodeDirectory(pincodes, names, codesByName);
  }

  /** What the directory knows of a pincode (city = district, the main state first), or null. */
  lookup(pincode: string): PincodeInfo | null {
    const entry = this.pincodes.get(pincode.trim());
    if (!entry) return null;
    const states = entry.codes.map((code) => this.names.get(code)!);
    return { pincode: pincode.trim(), city: entry.district, state: states[0]!, stateCode: entry.codes[0]!, states };
  }

  /** GST codes of every state the pincode lies in (main state first), or null for an unknown pincode. */
  stateCodesOf(pincode: string): readonly string[] | null {
    return this.pincodes.get(pincode.trim())?.codes ?? null;
  }

  /** "Karnataka", "KARNATAKA", "karnataka", "29" (or "9") → "29"; null for no current state. */
  stateCode(nameOrCode: string): string | null {
    const value = nameOrCode.trim();
    if (/^\d{1,2}$/.test(value)) {
      const code = value.padStart(2, '0');
      return this.names.has(code) ? code : null;
    }
    return this.codesByName.get(nameKey(value)) ?? null;
  }

  /** "29" → "Karnataka"; null for a code without a current state. */
  stateName(code: string): string | null {
    return this.names.get(code.trim()) ?? null;
  }

  /** The 36 states and union territories, by name (for a state dropdown). */
  states(): GstState[] {
    return [...this.names]
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'));
  }
}
