/**
 * Medusa's `fields` query parameter (behaviour.md §7 Commerce; docs/performance.md "The commerce
 * API"): which fields of a /store answer are computed and sent. A resource (product, variant,
 * cart…) names its fields, each made from a source object by a function or, for a relation,
 * by another resource, and its default selection. `fields` is read as Medusa reads it:
 *
 * - `id,title`: only these (and `id`), replacing the defaults;
 * - `+field` adds to the defaults, `-field` removes a field or a relation from them;
 * - `*` is every plain field; `*relation` (or `relation.*`) every plain field of the relation, `relation.field` one of them;
 *   nested paths (`*items.product`, `variants.calculated_price.calculated_amount`) go down relations.
 *
 * A field no resource has is refused: ValidationError (400) with Medusa's message.
 */
import { LRUCache } from 'lru-cache';
import { commerceFieldsNotValid } from '@vastra/contracts';
import { ValidationError } from '../../lib/errors';

/** A relation: the resource of its items, and how to reach them (one item, a list, or null) from the source. */
export type Relation<S> = { resource: Resource<never>; of: (source: S) => unknown };

export type Resource<S> = {
  /** In the order answers hold them. */
  fields: Record<string, ((source: S) => unknown) | Relation<S>>;
  /** Medusa's notation, as `fields` would name them. */
  defaults: readonly string[];
  /**
   * A computed object (Medusa's calculated price), not a stored one: `*` of it takes its nested
   * objects too, and `id` is not added to a selection of it.
   */
  whole?: boolean;
};

/** A relation to `resource`, typed where it is declared; stored with its source type forgotten. */
export function relation<S, T>(resource: Resource<T>, of: (source: S) => T | readonly T[] | null): Relation<S> {
  return { resource: resource as Resource<never>, of };
}

/** An object with the fields its selection picked; `id` always is (Medusa adds it to every selection). */
export type Picked = { id: string; [field: string]: unknown };

/** The fields picked at one level: `true` for a plain field, a nested selection for a relation. */
export type Selection = Map<string, true | Selection>;

const isRelation = <S>(field: Resource<S>['fields'][string]): field is Relation<S> => typeof field !== 'function';

/** Every plain field of `resource` (and, for a whole resource, every relation whole). */
function star(resource: Resource<never>, into: Selection): void {
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!isRelation(field)) into.set(name, true);
    else if (resource.whole) star(field.resource, nested(into, name));
  }
}

function nested(selection: Selection, name: string): Selection {
  const found = selection.get(name);
  if (found instanceof Map) return found;
  const made: Selection = new Map();
  selection.set(name, made);
  return made;
}

/** Adds one path (`a.b.c`, `*a.b`, `a.b.*`) to `selection`; false when `resource` has no such field. */
function addPath(resource: Resource<never>, selection: Selection, path: string): boolean {
  if (path === '*') {
    star(resource, selection);
    return true;
  }
  const names = path.replace(/^\*/, '').replace(/\.\*$/, '').split('.');
  let at = resource;
  let into = selection;
  for (const [i, name] of names.entries()) {
    const field = Object.hasOwn(at.fields, name) ? at.fields[name] : undefined;
    if (!field) return false;
    const last = i === names.length - 1;
    if (!isRelation(field)) {
      if (!last) return false;
      into.set(name, true);
      return true;
    }
    into = nested(into, name);
    at = field.resource;
    if (!at.whole && 'id' in at.fields) into.set('id', true);
    // A relation named alone (`variants`) is all its plain fields, as `*variants` is.
    if (last) star(at, into);
  }
  return true;
}

/** Medusa's rule: an empty `fields`, or any field without `+`, `-` or `*` (or a trailing `.*`), replaces the defaults. */
function replacesDefaults(asked: string[]): boolean {
  return asked.length === 0 || asked.some((f) => !/^[+\-* ]/.test(f) && !f.endsWith('.*'));
}

/** The most spellings of `fields` whose selection is kept per resource (each a few hundred bytes). */
const MAX_KEPT_SELECTIONS = 200;
const keptSelections = new WeakMap<Resource<never>, LRUCache<string, Selection>>();
const keptKeys = new WeakMap<Selection, string>();

/**
 * The selection `fields` asks of `resource` (its defaults when `fields` is absent), made once
 * per spelling and shared: callers only read it. Throws ValidationError naming the fields that
 * `resource` does not have.
 */
export function select(resource: Resource<never>, fields: string | undefined): Selection {
  let kept = keptSelections.get(resource);
  if (!kept) keptSelections.set(resource, (kept = new LRUCache({ max: MAX_KEPT_SELECTIONS })));
  const spelling = fields ?? '\0';
  const found = kept.get(spelling);
  if (found) return found;
  const made = makeSelection(resource, fields);
  kept.set(spelling, made);
  return made;
}

function makeSelection(resource: Resource<never>, fields: string | undefined): Selection {
  let paths = [...resource.defaults];
  if (fields !== undefined) {
    const asked = fields
      .split(',')
      .map((f) => f.replace(/^ /, '+').trim())
      .filter(Boolean);
    if (replacesDefaults(asked)) {
      paths = asked.map((f) => f.replace(/^[+-]/, ''));
    } else {
      for (const f of asked) {
        if (f.startsWith('-')) {
          const name = f.slice(1);
          paths = paths.filter((p) => {
            const bare = p.replace(/^\*/, '').replace(/\.\*$/, '');
            return bare !== name && !bare.startsWith(`${name}.`);
          });
        } else {
          paths.push(f.replace(/^\+/, ''));
        }
      }
    }
    paths.push('id');
  }
  const selection: Selection = new Map();
  const invalid = paths.filter((p) => !addPath(resource, selection, p));
  if (invalid.length > 0) throw new ValidationError(commerceFieldsNotValid(invalid));
  return selection;
}

/** Whether `selection` picks `path` (`a.b`), or anything under it. */
export function picks(selection: Selection, path: string): boolean {
  let at: true | Selection | undefined = selection;
  for (const name of path.split('.')) {
    if (!(at instanceof Map)) return false;
    at = at.get(name);
  }
  return at !== undefined;
}

/** The selection as text that is the same however `fields` was spelt: for keys of kept answers. */
export function selectionKey(selection: Selection): string {
  let key = keptKeys.get(selection);
  if (key === undefined) keptKeys.set(selection, (key = keyOf(selection)));
  return key;
}

function keyOf(selection: Selection): string {
  return [...selection.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, sub]) => (sub === true ? name : `${name}(${keyOf(sub)})`))
    .join(',');
}

/**
 * `source` as `resource` makes it, with the selected fields only, in the resource's order.
 * Fields not selected are never computed.
 */
export function project<S>(resource: Resource<S>, selection: Selection, source: S): Picked {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const picked = selection.get(name);
    if (picked === undefined) continue;
    if (!isRelation(field)) {
      out[name] = field(source);
      continue;
    }
    const value = field.of(source);
    const sub = picked === true ? new Map() : picked;
    out[name] = Array.isArray(value)
      ? (value as never[]).map((item) => project(field.resource, sub, item))
      : value === null || value === undefined
        ? null
        : project(field.resource, sub, value as never);
  }
  return out as Picked;
}
