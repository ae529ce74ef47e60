/**
 * The schema of a Parquet file as Vivace sees it: the file's schema tree (from hyparquet), the
 * Vivace type each field has when a table is created from the file without a column list (the
 * mapping of the fact sheet §1.9 "for Vivace's schema inference"), the lookup of a table column in
 * a file (by name, case-insensitively, as Trino's `hive.parquet.use-column-names`), and the
 * resolution of the Parquet list shapes: the standard three-level LIST and every legacy two- and
 * one-level shape of the format's backward-compatibility rules, which both the inference and the
 * decoder (through the same helper) follow.
 */
import { type FileMetaData, parquetSchema } from 'hyparquet';
import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  mapOf,
  REAL,
  type RowField,
  rowOf,
  SMALLINT,
  TINYINT,
  type Type,
  time,
  timestamp,
  VARBINARY,
  VARCHAR,
} from '../../../types/type.js';
import { lakeError } from '../lake-errors.js';

export type SchemaTree = ReturnType<typeof parquetSchema>;
export type SchemaElement = SchemaTree['element'];

const trees = new WeakMap<FileMetaData, SchemaTree>();

/** The schema tree of a file's metadata (built once per footer). */
export function schemaTree(metadata: FileMetaData): SchemaTree {
  let tree = trees.get(metadata);
  if (tree === undefined) {
    tree = parquetSchema(metadata);
    trees.set(metadata, tree);
  }
  return tree;
}

/** The top-level field named `name` (case-insensitively; an exact match wins), if the file has it. */
export function findField(root: SchemaTree, name: string): SchemaTree | undefined {
  const exact = root.children.find((c) => c.element.name === name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  return root.children.find((c) => c.element.name.toLowerCase() === lower);
}

function isListAnnotated(element: SchemaElement): boolean {
  return element.logical_type?.type === 'LIST' || element.converted_type === 'LIST';
}

function isMapAnnotated(element: SchemaElement): boolean {
  return (
    element.logical_type?.type === 'MAP' ||
    element.converted_type === 'MAP' ||
    element.converted_type === 'MAP_KEY_VALUE'
  );
}

/**
 * The element of a LIST-annotated group, by the backward-compatibility rules: the repeated child
 * is the element itself when it is primitive, a group of several fields, or a one-field group
 * named `array` or `<list>_tuple` (two-level lists); otherwise (three-level) its single child is.
 */
export function listElement(list: SchemaTree): SchemaTree {
  const repeated = list.children[0];
  if (list.children.length !== 1 || repeated === undefined || repeated.element.repetition_type !== 'REPEATED') {
    throw lakeError('HIVE_BAD_DATA', `Invalid Parquet LIST group '${list.element.name}'`);
  }
  if (repeated.children.length === 0) return repeated;
  if (repeated.children.length > 1) return repeated;
  const name = repeated.element.name;
  if (name === 'array' || name === `${list.element.name}_tuple`) return repeated;
  return repeated.children[0] as SchemaTree;
}

/** Key and value fields of a MAP-annotated group (value absent in rare key-only maps). */
export function mapEntries(map: SchemaTree): { key: SchemaTree; value: SchemaTree | undefined } {
  const entries = map.children[0];
  const key = entries?.children[0];
  if (map.children.length !== 1 || entries === undefined || key === undefined) {
    throw lakeError('HIVE_BAD_DATA', `Invalid Parquet MAP group '${map.element.name}'`);
  }
  return { key, value: entries.children[1] };
}

/** A one-line description of a field's Parquet type, for error messages. */
export function describeParquetType(tree: SchemaTree): string {
  const e = tree.element;
  if (tree.children.length > 0 || e.type === undefined) {
    const annotation = e.logical_type?.type ?? e.converted_type;
    return `group${annotation === undefined ? '' : ` (${annotation})`}`;
  }
  const logical = e.logical_type;
  let annotation: string | undefined;
  if (logical !== undefined) {
    annotation = logical.type;
    if (logical.type === 'DECIMAL') annotation = `DECIMAL(${logical.precision},${logical.scale})`;
    if (logical.type === 'INTEGER') annotation = `INT(${logical.bitWidth},${logical.isSigned})`;
    if (logical.type === 'TIMESTAMP' || logical.type === 'TIME') {
      annotation = `${logical.type}(${logical.unit},${logical.isAdjustedToUTC})`;
    }
  } else if (e.converted_type !== undefined) {
    annotation = e.converted_type === 'DECIMAL' ? `DECIMAL(${e.precision},${e.scale})` : e.converted_type;
  }
  const physical = e.type === 'FIXED_LEN_BYTE_ARRAY' ? `FIXED_LEN_BYTE_ARRAY(${e.type_length})` : e.type;
  return annotation === undefined ? physical : `${physical} (${annotation})`;
}

function unitPrecision(unit: string): number {
  return unit === 'MILLIS' ? 3 : unit === 'MICROS' ? 6 : 9;
}

/** The decimal precision and scale of a field, if it is a decimal. */
export function decimalOf(e: SchemaElement): { precision: number; scale: number } | undefined {
  const logical = e.logical_type;
  if (logical?.type === 'DECIMAL') return { precision: logical.precision, scale: logical.scale };
  if (e.converted_type === 'DECIMAL') return { precision: e.precision ?? 38, scale: e.scale ?? 0 };
  return undefined;
}

function integerAnnotation(e: SchemaElement): { bits: number; signed: boolean } | undefined {
  const logical = e.logical_type;
  if (logical?.type === 'INTEGER') return { bits: logical.bitWidth, signed: logical.isSigned };
  switch (e.converted_type) {
    case 'INT_8':
      return { bits: 8, signed: true };
    case 'INT_16':
      return { bits: 16, signed: true };
    case 'INT_32':
      return { bits: 32, signed: true };
    case 'INT_64':
      return { bits: 64, signed: true };
    case 'UINT_8':
      return { bits: 8, signed: false };
    case 'UINT_16':
      return { bits: 16, signed: false };
    case 'UINT_32':
      return { bits: 32, signed: false };
    case 'UINT_64':
      return { bits: 64, signed: false };
    default:
      return undefined;
  }
}

/** The Vivace type of a primitive Parquet field (fact sheet §1.9, the inference column). */
function primitiveType(e: SchemaElement): Type {
  const logical = e.logical_type;
  const dec = decimalOf(e);
  if (dec !== undefined) return decimal(Math.min(dec.precision, 38), dec.scale);
  switch (e.type) {
    case 'BOOLEAN':
      return BOOLEAN;
    case 'INT32':
    case 'INT64': {
      if (logical?.type === 'DATE' || e.converted_type === 'DATE') return DATE;
      if (logical?.type === 'TIME') return time(unitPrecision(logical.unit));
      if (e.converted_type === 'TIME_MILLIS') return time(3);
      if (e.converted_type === 'TIME_MICROS') return time(6);
      if (logical?.type === 'TIMESTAMP') return timestamp(unitPrecision(logical.unit), logical.isAdjustedToUTC);
      if (e.converted_type === 'TIMESTAMP_MILLIS') return timestamp(3, true);
      if (e.converted_type === 'TIMESTAMP_MICROS') return timestamp(6, true);
      const integer = integerAnnotation(e);
      if (integer !== undefined) {
        if (integer.signed) {
          return integer.bits === 8 ? TINYINT : integer.bits === 16 ? SMALLINT : integer.bits === 32 ? INTEGER : BIGINT;
        }
        return integer.bits === 8
          ? SMALLINT
          : integer.bits === 16
            ? INTEGER
            : integer.bits === 32
              ? BIGINT
              : decimal(20, 0);
      }
      return e.type === 'INT32' ? INTEGER : BIGINT;
    }
    case 'INT96':
      return timestamp(9);
    case 'FLOAT':
      return REAL;
    case 'DOUBLE':
      return DOUBLE;
    case 'BYTE_ARRAY':
    case 'FIXED_LEN_BYTE_ARRAY': {
      if (logical?.type === 'FLOAT16') return REAL;
      // Vivace has no uuid type: a UUID reads as its canonical text (8-4-4-4-12 hex digits).
      if (logical?.type === 'UUID') return VARCHAR;
      const text =
        logical?.type === 'STRING' ||
        logical?.type === 'ENUM' ||
        logical?.type === 'JSON' ||
        e.converted_type === 'UTF8' ||
        e.converted_type === 'ENUM' ||
        e.converted_type === 'JSON';
      return text ? VARCHAR : VARBINARY;
    }
    default:
      throw lakeError('HIVE_UNSUPPORTED_FORMAT', `Unsupported Parquet type of field '${e.name}': ${e.type}`);
  }
}

/**
 * The Vivace type of a field (group or primitive); a repeated field outside a LIST (a one-level
 * legacy list) becomes an array, while the repeated element of a LIST (`asListElement`) is the element.
 */
export function inferFieldType(tree: SchemaTree, asListElement = false): Type {
  const e = tree.element;
  let type: Type;
  if (tree.children.length === 0 && e.type !== undefined) {
    type = primitiveType(e);
  } else if (isListAnnotated(e)) {
    type = arrayOf(inferFieldType(listElement(tree), true));
  } else if (isMapAnnotated(e)) {
    const { key, value } = mapEntries(tree);
    type = mapOf(inferFieldType(key), value === undefined ? VARCHAR : inferFieldType(value));
  } else {
    const fields: RowField[] = tree.children.map((child) => ({
      name: child.element.name.toLowerCase(),
      type: inferFieldType(child),
    }));
    type = rowOf(fields);
  }
  return e.repetition_type === 'REPEATED' && !asListElement ? arrayOf(type) : type;
}

export interface InferredColumn {
  readonly name: string;
  readonly type: Type;
}

/** The table columns of a Parquet file: its top-level fields, names lower-cased as Hive does. */
export function inferParquetColumns(metadata: FileMetaData): InferredColumn[] {
  const root = schemaTree(metadata);
  return root.children.map((field) => ({ name: field.element.name.toLowerCase(), type: inferFieldType(field) }));
}
