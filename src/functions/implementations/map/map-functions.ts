/**
 * Map functions: construction from key and value arrays or entry rows (NULL keys and duplicate
 * keys are errors, as in Trino), access, concatenation (later maps win), and the lambda functions
 * map_filter, transform_keys, transform_values and map_zip_with. Keys are compared by IS DISTINCT
 * FROM semantics through value-comparison.ts, so arrays and timestamps work as keys.
 */
import type { MapType, Type } from '../../../types/type.js';
import { invalidArgument } from '../errors.js';
import type { CallContext, ImplementationTable } from '../implementation-types.js';
import { keyOf, mapLookupOf } from '../value-comparison.js';
import { formatValueForMessage } from '../value-text.js';

type Lambda = (...args: unknown[]) => unknown;

/** Builds a map from entries, refusing NULL and duplicate keys with the given message prefix. */
function buildMap(keyType: Type, entries: Iterable<readonly [unknown, unknown]>, duplicate: (k: string) => string) {
  const key = keyOf(keyType);
  const seen = new Set<unknown>();
  const map = new Map<unknown, unknown>();
  for (const [k, v] of entries) {
    if (k === null) throw invalidArgument('map key cannot be null');
    const identity = key(k);
    if (seen.has(identity)) throw invalidArgument(duplicate(formatValueForMessage(keyType, k)));
    seen.add(identity);
    map.set(k, v);
  }
  return map;
}

function mapType(ctx: CallContext, argument = 0): MapType {
  return ctx.argumentTypes[argument] as MapType;
}

function returnKeyType(ctx: CallContext): Type {
  return (ctx.returnType as MapType).key;
}

export function registerMapFunctions(table: ImplementationTable): void {
  table.add('map():map(unknown,unknown)', () => new Map());
  table.add('map(array(K),array(V)):map(K,V)', (keys: unknown[], values: unknown[], ctx: CallContext) => {
    if (keys.length !== values.length) throw invalidArgument('Key and value arrays must be the same length');
    return buildMap(
      returnKeyType(ctx),
      keys.map((k, i) => [k, values[i]] as const),
      (k) => `Duplicate map keys (${k}) are not allowed`,
    );
  });
  table.add('map_from_entries(array(row(K,V))):map(K,V)', (rows: (unknown[] | null)[], ctx: CallContext) =>
    buildMap(
      returnKeyType(ctx),
      rows.map((row) => {
        if (row === null) throw invalidArgument('map entry cannot be null');
        return [row[0], row[1]] as const;
      }),
      (k) => `Duplicate map keys (${k}) are not allowed`,
    ),
  );
  table.add(
    'multimap_from_entries(array(row(K,V))):map(K,array(V))',
    (rows: (unknown[] | null)[], ctx: CallContext) => {
      const key = keyOf(returnKeyType(ctx));
      const groups = new Map<unknown, [unknown, unknown[]]>();
      for (const row of rows) {
        if (row === null) throw invalidArgument('map entry cannot be null');
        if (row[0] === null) throw invalidArgument('map key cannot be null');
        const identity = key(row[0]);
        const group = groups.get(identity);
        if (group === undefined) groups.set(identity, [row[0], [row[1]]]);
        else group[1].push(row[1]);
      }
      return new Map([...groups.values()]);
    },
  );
  table.add('map_entries(map(K,V)):array(row(K,V))', (m: Map<unknown, unknown>) => [...m].map(([k, v]) => [k, v]));
  table.add('map_keys(map(K,V)):array(K)', (m: Map<unknown, unknown>) => [...m.keys()]);
  table.add('map_values(map(K,V)):array(V)', (m: Map<unknown, unknown>) => [...m.values()]);
  table.add('map_concat(map(K,V)...):map(K,V)', (...args: unknown[]) => {
    const ctx = args[args.length - 1] as CallContext;
    const key = keyOf(mapType(ctx).key);
    const merged = new Map<unknown, [unknown, unknown]>();
    for (let i = 0; i < args.length - 1; i++) {
      for (const [k, v] of args[i] as Map<unknown, unknown>) {
        const identity = key(k);
        // A later map's entry replaces the earlier one but keeps the first key object.
        const existing = merged.get(identity);
        merged.set(identity, [existing === undefined ? k : existing[0], v]);
      }
    }
    return new Map([...merged.values()]);
  });
  table.add('cardinality(map(K,V)):bigint', (m: Map<unknown, unknown>) => m.size);
  table.add('element_at(map(K,V),K):V', (m: Map<unknown, unknown>, k: unknown, ctx: CallContext) => {
    const entry = mapLookupOf(mapType(ctx).key)(m, k);
    return entry === undefined ? null : entry[1];
  });
  table.add('map_filter(map(K,V),function(K,V,boolean)):map(K,V)', (m: Map<unknown, unknown>, f: Lambda) => {
    const out = new Map<unknown, unknown>();
    for (const [k, v] of m) if (f(k, v) === true) out.set(k, v);
    return out;
  });
  table.add(
    'transform_keys(map(K1,V),function(K1,V,K2)):map(K2,V)',
    (m: Map<unknown, unknown>, f: Lambda, ctx: CallContext) =>
      buildMap(
        returnKeyType(ctx),
        [...m].map(([k, v]) => [f(k, v), v] as const),
        (k) => `Duplicate keys (${k}) are not allowed`,
      ),
  );
  table.add('transform_values(map(K,V1),function(K,V1,V2)):map(K,V2)', (m: Map<unknown, unknown>, f: Lambda) => {
    const out = new Map<unknown, unknown>();
    for (const [k, v] of m) out.set(k, f(k, v));
    return out;
  });
  table.add(
    'map_zip_with(map(K,V1),map(K,V2),function(K,V1,V2,V3)):map(K,V3)',
    (a: Map<unknown, unknown>, b: Map<unknown, unknown>, f: Lambda, ctx: CallContext) => {
      const find = mapLookupOf(mapType(ctx).key);
      const out = new Map<unknown, unknown>();
      for (const [k, v] of a) {
        const other = find(b, k);
        out.set(k, f(k, v, other === undefined ? null : other[1]));
      }
      for (const [k, v] of b) if (find(a, k) === undefined) out.set(k, f(k, null, v));
      return out;
    },
  );
}
