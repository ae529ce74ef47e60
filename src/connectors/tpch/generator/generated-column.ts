/**
 * The columnar output of the generator. Keys and doubles are float64 (keys stay exact far beyond
 * any scale factor), integers and dates (days since 1970-01-01) int32, text either plain strings
 * or ids into a small shared dictionary for closed vocabularies.
 */
import { VivaceError } from '../../../common/vivace-error.js';

export type GeneratedColumn =
  | { readonly kind: 'float64'; readonly values: Float64Array }
  | { readonly kind: 'int32'; readonly values: Int32Array }
  | { readonly kind: 'string'; readonly values: string[] }
  | { readonly kind: 'dictionary'; readonly ids: Int32Array; readonly dictionary: readonly string[] };

/** A run of generated rows: `columns` in the order they were requested. */
export interface GeneratedBatch {
  readonly rowCount: number;
  readonly columns: GeneratedColumn[];
}

export function float64Column(values: Float64Array): GeneratedColumn {
  return { kind: 'float64', values };
}

export function int32Column(values: Int32Array): GeneratedColumn {
  return { kind: 'int32', values };
}

export function stringColumn(values: string[]): GeneratedColumn {
  return { kind: 'string', values };
}

export function dictionaryColumn(ids: Int32Array, dictionary: readonly string[]): GeneratedColumn {
  return { kind: 'dictionary', ids, dictionary };
}

/**
 * A table's column builders, each producing its column from the batch's shared state. Tables
 * declare them once, at module level: builders made per batch (closures) lose their optimized
 * code with the batch (column-arrays.ts).
 */
export type ColumnBuilders<B> = Readonly<Record<string, (batch: B) => GeneratedColumn>>;

/**
 * Assembles a batch from a table generator's builders: each requested column is produced once by
 * its builder from `batch` (requesting a column twice returns the same column object twice).
 */
export function assembleBatch<B>(
  table: string,
  rowCount: number,
  requested: readonly string[],
  builders: ColumnBuilders<B>,
  batch: B,
): GeneratedBatch {
  const built = new Map<string, GeneratedColumn>();
  const columns = requested.map((name) => {
    let column = built.get(name);
    if (column === undefined) {
      const build = Object.hasOwn(builders, name) ? builders[name] : undefined;
      if (build === undefined) throw new VivaceError('COLUMN_NOT_FOUND', `Column '${name}' not found in ${table}`);
      column = build(batch);
      built.set(name, column);
    }
    return column;
  });
  return { rowCount, columns };
}
