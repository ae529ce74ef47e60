/**
 * Schema inference for text files (a Vivace feature: CREATE TABLE ... WITH (external_location =
 * ..., format = 'CSV' | 'JSON') without a column list), from a sample of the first records:
 *   - CSV: column names from the header record (lower-cased; blank ones `col<i>`, repeated ones
 *     suffixed `_2`, `_3`), or `col0`, `col1`, ... without one; whether the first record is a header
 *     is detected when not told (it is, when a column whose other values are all of a non-text type
 *     has a first value that is not, or when every column is text); each column's type is the first
 *     of boolean, bigint, double, date, timestamp(3/6/9), varchar that every non-empty value of
 *     the sample parses as (the order DuckDB's sniffer uses; integers are bigint, numbers with a
 *     fraction double).
 *   - JSON lines: keys in order of first appearance (lower-cased, merged case-insensitively); JSON
 *     numbers are bigint (double when any has a fraction), strings varchar unless every one is a
 *     date or a timestamp, arrays arrays of the merged element type, objects rows of the merged
 *     fields; a key whose values disagree in kind is varchar (scalars) or json (containers); a key
 *     only ever null is varchar.
 */
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  JSON_TYPE,
  rowOf,
  type Type,
  timestamp,
  typeEquals,
  VARCHAR,
} from '../../../types/type.js';
import type { FileSystem } from '../fs/file-system.js';
import { lakeError } from '../lake-errors.js';
import type { TextColumn } from './csv-reader.js';
import { type CsvDialect, type CsvRecord, CsvTokenizer, DEFAULT_DIALECT } from './csv-tokenizer.js';
import { textLines } from './json-lines.js';
import { textChunks } from './text-chunks.js';
import { INVALID, parseDateText, parseIntegerText, parseValueText } from './value-text.js';

export const DEFAULT_SAMPLE_ROWS = 1000;

const TIMESTAMP_FRACTION = /^\s*\S+[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.(\d+))?)?\s*$/;

/** The narrowest type of the candidate list every value parses as. */
function inferScalarType(values: readonly string[]): Type {
  if (values.length === 0) return VARCHAR;
  if (values.every((v) => parseValueText(BOOLEAN, v) !== INVALID)) return BOOLEAN;
  if (values.every((v) => parseValueText(BIGINT, v) !== INVALID)) return BIGINT;
  if (values.every((v) => parseValueText(DOUBLE, v) !== INVALID)) return DOUBLE;
  if (values.every((v) => parseDateText(v) !== INVALID)) return DATE;
  let digits = 0;
  if (
    values.every((v) => {
      if (parseValueText(timestamp(9), v) === INVALID) return false;
      digits = Math.max(digits, TIMESTAMP_FRACTION.exec(v)?.[1]?.length ?? 0);
      return true;
    })
  ) {
    return timestamp(digits <= 3 ? 3 : digits <= 6 ? 6 : 9);
  }
  return VARCHAR;
}

export interface CsvInferenceOptions {
  readonly fs: FileSystem;
  readonly location: string;
  readonly dialect?: CsvDialect;
  /** Whether the first record is a header; detected when undefined. */
  readonly header?: boolean;
  readonly nullFormat?: string;
  readonly sampleRows?: number;
}

export interface CsvInference {
  readonly columns: TextColumn[];
  /** Whether the first record is a header (then skip_header_line_count = 1). */
  readonly header: boolean;
}

function uniqueNames(raw: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((text, i) => {
    let name = text.trim().toLowerCase();
    if (name === '') name = `col${i}`;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}_${count}`;
  });
}

/** Infers the columns of a CSV file from its first records. */
export async function inferCsvColumns(options: CsvInferenceOptions): Promise<CsvInference> {
  const sampleRows = options.sampleRows ?? DEFAULT_SAMPLE_ROWS;
  const records: { fields: string[]; quoted: boolean[] }[] = [];
  const tokenizer = new CsvTokenizer(options.dialect ?? DEFAULT_DIALECT);
  const collect = (record: CsvRecord) => {
    if (records.length > sampleRows) return;
    if (record.count === 1 && record.quoted[0] === 0 && record.starts[0] === record.ends[0]) return;
    const fields: string[] = [];
    const quoted: boolean[] = [];
    for (let i = 0; i < record.count; i++) {
      fields.push(record.field(i));
      quoted.push(record.quoted[i] === 1);
    }
    records.push({ fields, quoted });
  };
  const chunks = textChunks(options.fs, options.location, 256 * 1024);
  let next = await chunks.next();
  while (!next.done && records.length <= sampleRows) {
    const following = await chunks.next();
    tokenizer.feed(next.value, following.done === true, collect);
    next = following;
  }
  await chunks.return(undefined);
  const [firstRecord] = records;
  if (firstRecord === undefined) {
    throw lakeError('HIVE_BAD_DATA', `Cannot infer columns from CSV file ${options.location}: it has no records`);
  }
  const width = Math.max(...records.map((r) => r.fields.length));
  const isNull = (record: { fields: string[]; quoted: boolean[] }, i: number) => {
    const text = record.fields[i];
    return text === undefined || (!record.quoted[i] && (text === '' || text === options.nullFormat));
  };
  const typesOf = (rows: typeof records) =>
    Array.from({ length: width }, (_, i) =>
      inferScalarType(rows.filter((r) => !isNull(r, i)).map((r) => r.fields[i] ?? '')),
    );
  let header = options.header;
  const bodyTypes = typesOf(records.slice(1));
  if (header === undefined) {
    const first = firstRecord;
    const allText = bodyTypes.every((t) => typeEquals(t, VARCHAR));
    const mismatch = bodyTypes.some(
      (t, i) => !typeEquals(t, VARCHAR) && !isNull(first, i) && parseValueText(t, first.fields[i] ?? '') === INVALID,
    );
    header = records.length > 1 && (mismatch || allText) && first.fields.every((f) => parseIntegerText(f) === INVALID);
  }
  const types = header ? bodyTypes : typesOf(records);
  const names = header
    ? uniqueNames(Array.from({ length: width }, (_, i) => firstRecord.fields[i] ?? ''))
    : Array.from({ length: width }, (_, i) => `col${i}`);
  return { columns: names.map((name, i) => ({ name, type: types[i] ?? VARCHAR })), header };
}

// ---- JSON ----

type Shape =
  | { kind: 'null' }
  | { kind: 'boolean' }
  | { kind: 'integer' }
  | { kind: 'number' }
  | { kind: 'string'; values: string[] }
  | { kind: 'array'; element: Shape }
  | { kind: 'object'; fields: Map<string, Shape> }
  | { kind: 'mixed-scalar' }
  | { kind: 'mixed' };

const NULL_SHAPE: Shape = { kind: 'null' };

function shapeOf(value: unknown): Shape {
  if (value === null || value === undefined) return NULL_SHAPE;
  if (typeof value === 'boolean') return { kind: 'boolean' };
  if (typeof value === 'number') return Number.isInteger(value) ? { kind: 'integer' } : { kind: 'number' };
  if (typeof value === 'string') return { kind: 'string', values: [value] };
  if (Array.isArray(value)) return { kind: 'array', element: value.map(shapeOf).reduce(merge, NULL_SHAPE) };
  const fields = new Map<string, Shape>();
  for (const [k, v] of Object.entries(value as object)) {
    const key = k.toLowerCase();
    fields.set(key, merge(fields.get(key) ?? NULL_SHAPE, shapeOf(v)));
  }
  return { kind: 'object', fields };
}

function isScalar(shape: Shape): boolean {
  return (
    shape.kind === 'boolean' ||
    shape.kind === 'integer' ||
    shape.kind === 'number' ||
    shape.kind === 'string' ||
    shape.kind === 'mixed-scalar'
  );
}

function merge(a: Shape, b: Shape): Shape {
  if (a.kind === 'null') return b;
  if (b.kind === 'null') return a;
  if (a.kind === 'integer' && b.kind === 'number') return b;
  if (a.kind === 'number' && b.kind === 'integer') return a;
  if (a.kind === 'string' && b.kind === 'string')
    return { kind: 'string', values: a.values.length < 1000 ? [...a.values, ...b.values] : a.values };
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', element: merge(a.element, b.element) };
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [k, v] of b.fields) fields.set(k, merge(fields.get(k) ?? NULL_SHAPE, v));
    return { kind: 'object', fields };
  }
  if (
    a.kind === b.kind &&
    (a.kind === 'boolean' ||
      a.kind === 'integer' ||
      a.kind === 'number' ||
      a.kind === 'mixed-scalar' ||
      a.kind === 'mixed')
  )
    return a;
  return isScalar(a) && isScalar(b) ? { kind: 'mixed-scalar' } : { kind: 'mixed' };
}

function typeOfShape(shape: Shape): Type {
  switch (shape.kind) {
    case 'null':
    case 'mixed-scalar':
      return VARCHAR;
    case 'mixed':
      return JSON_TYPE;
    case 'boolean':
      return BOOLEAN;
    case 'integer':
      return BIGINT;
    case 'number':
      return DOUBLE;
    case 'string': {
      const type = inferScalarType(shape.values);
      return type.kind === 'date' || type.kind === 'timestamp' ? type : VARCHAR;
    }
    case 'array':
      return arrayOf(typeOfShape(shape.element));
    case 'object':
      return rowOf([...shape.fields].map(([name, s]) => ({ name, type: typeOfShape(s) })));
  }
}

export interface JsonInferenceOptions {
  readonly fs: FileSystem;
  readonly location: string;
  readonly sampleRows?: number;
}

/** Infers the columns of a JSON-lines file from its first lines. */
export async function inferJsonColumns(options: JsonInferenceOptions): Promise<TextColumn[]> {
  const sampleRows = options.sampleRows ?? DEFAULT_SAMPLE_ROWS;
  const columns = new Map<string, Shape>();
  let seen = 0;
  for await (const [text, line] of textLines(options.fs, options.location, 256 * 1024)) {
    if (text.trim() === '') continue;
    let object: unknown;
    try {
      object = JSON.parse(text);
    } catch (error) {
      throw lakeError(
        'HIVE_BAD_DATA',
        `Error reading JSON file ${options.location} at line ${line}: ${(error as Error).message}`,
        error,
      );
    }
    if (typeof object !== 'object' || object === null || Array.isArray(object)) {
      throw lakeError(
        'HIVE_BAD_DATA',
        `Error reading JSON file ${options.location} at line ${line}: not a JSON object`,
      );
    }
    for (const [k, v] of Object.entries(object)) {
      const key = k.toLowerCase();
      columns.set(key, merge(columns.get(key) ?? NULL_SHAPE, shapeOf(v)));
    }
    if (++seen >= sampleRows) break;
  }
  if (columns.size === 0) {
    throw lakeError(
      'HIVE_BAD_DATA',
      `Cannot infer columns from JSON file ${options.location}: it has no object with a key`,
    );
  }
  return [...columns].map(([name, shape]) => ({ name, type: typeOfShape(shape) }));
}
