/**
 * JSON lines (Trino's `JSON` format, Hive's JsonSerDe): one JSON object per line. Reading matches
 * object keys to columns by name case-insensitively (missing keys read as NULL, unknown keys are
 * ignored) and converts each value to its column's type: numbers and numeric strings into numeric
 * columns, strings into dates, times and timestamps (the forms of value-text.ts), arrays into
 * arrays, objects into maps (keys parsed as the key type) and rows (by field name; a JSON array
 * fills a row by position), base64 strings into varbinary, and anything into a json column as its
 * text. A line that is not a JSON object, or a value that does not fit its column, fails with
 * HIVE_BAD_DATA naming the file and line (or reads as NULL with `badValues: 'null'`). Blank lines
 * are skipped. Numbers beyond 2^53 lose digits in JSON.parse (no exact source text on Node 20);
 * write such values as strings to keep them exact.
 *
 * Writing emits the same forms: decimals as exact JSON numbers, bigints beyond 2^53 as exact
 * numbers, dates/times/timestamps as strings, varbinary as base64, maps as objects, rows as objects
 * with their field names, NULL as null.
 */

import { NANOS_PER_MILLI } from '../../../common/units.js';
import type { Block } from '../../../data/block.js';
import type { BlockBuilder } from '../../../data/block-builder.js';
import { createBlockBuilder } from '../../../data/block-builder.js';
import { formatDecimal } from '../../../data/number-format.js';
import { createPage, type Page } from '../../../data/page.js';
import { formatType } from '../../../types/format-type.js';
import type { Type } from '../../../types/type.js';
import type { FileSystem, OutputFile } from '../fs/file-system.js';
import { lakeError } from '../lake-errors.js';
import type { ReadTiming } from '../read-timing.js';
import { columnTexts, joinRows } from './column-texts.js';
import type { TextColumn } from './csv-reader.js';
import type { TextCompression } from './text-chunks.js';
import { textChunks } from './text-chunks.js';
import { TextOutput } from './text-output.js';
import { appendParsed, isoDate } from './value-appenders.js';
import { formatValueText, INVALID, parseValueText } from './value-text.js';

/** The JS value (block-values.ts representation) of a JSON value for `type`, or INVALID. */
export function jsonToValue(type: Type, json: unknown): unknown {
  if (json === null || json === undefined) return null;
  switch (type.kind) {
    case 'boolean':
      if (typeof json === 'boolean') return json;
      return typeof json === 'string' ? parseValueText(type, json) : INVALID;
    case 'double':
      // JSON.parse gave the nearest double already (no NaN or infinity comes from JSON).
      if (typeof json === 'number') return json;
      return typeof json === 'string' ? parseValueText(type, json) : INVALID;
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      if (typeof json === 'number' && Number.isSafeInteger(json)) {
        const [min, max] = JSON_INTEGER_RANGES[type.kind];
        return json >= min && json <= max ? json : INVALID;
      }
      // Other numbers (fractions, beyond 2^53) and strings by their text.
      return numericFromText(type, json);
    case 'real':
    case 'decimal':
      return numericFromText(type, json);
    case 'varchar':
    case 'char':
      if (typeof json === 'string') return parseValueText(type, json);
      if (typeof json === 'number' || typeof json === 'boolean') return parseValueText(type, String(json));
      return parseValueText(type, JSON.stringify(json));
    case 'json':
      return JSON.stringify(json);
    case 'uuid':
      return typeof json === 'string' ? parseValueText(type, json) : INVALID;
    case 'varbinary':
      return typeof json === 'string' ? Uint8Array.from(Buffer.from(json, 'base64')) : INVALID;
    case 'array': {
      if (!Array.isArray(json)) return INVALID;
      const out: unknown[] = [];
      for (const element of json) {
        const value = jsonToValue(type.element, element);
        if (value === INVALID) return INVALID;
        out.push(value);
      }
      return out;
    }
    case 'map': {
      if (typeof json !== 'object' || Array.isArray(json)) return INVALID;
      const out = new Map<unknown, unknown>();
      for (const [k, v] of Object.entries(json)) {
        const key = parseValueText(type.key, k);
        const value = jsonToValue(type.value, v);
        if (key === INVALID || value === INVALID) return INVALID;
        out.set(key, value);
      }
      return out;
    }
    case 'row': {
      if (typeof json !== 'object') return INVALID;
      const out: unknown[] = [];
      for (const [i, field] of type.fields.entries()) {
        const raw = Array.isArray(json) ? json[i] : lookup(json as Record<string, unknown>, field.name ?? `_col${i}`);
        const value = jsonToValue(field.type, raw);
        if (value === INVALID) return INVALID;
        out.push(value);
      }
      return out;
    }
    case 'date':
      if (typeof json === 'string') return isoDate(json, 0, json.length) ?? parseValueText(type, json);
      return INVALID;
    default:
      return typeof json === 'string' ? parseValueText(type, json) : INVALID;
  }
}

const JSON_INTEGER_RANGES = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;

/** A numeric value from a JSON number or string, through its text (exact for decimals). */
function numericFromText(type: Type, json: unknown): unknown {
  if (typeof json === 'number') {
    if (!Number.isFinite(json)) return INVALID;
    return parseValueText(type, type.kind === 'decimal' ? numberText(json) : String(json));
  }
  return typeof json === 'string' ? parseValueText(type, json) : INVALID;
}

/** A number's plain decimal text (no exponent), for decimal columns. */
function numberText(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A key by exact name, else case-insensitively. */
function lookup(object: Record<string, unknown>, name: string): unknown {
  const exact = object[name];
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === lower) return object[key];
  return undefined;
}

export interface JsonReadOptions {
  readonly fs: FileSystem;
  readonly location: string;
  readonly columns: readonly TextColumn[];
  readonly badValues?: 'error' | 'null';
  readonly maxPageRows?: number;
  readonly chunkBytes?: number;
  /** Where the parsing time is added (the scan reports it: it runs outside the engine's operator calls). */
  readonly timing?: ReadTiming;
}

/** Lines of a text file with their 1-based numbers (LF or CRLF ends a line). */
export async function* textLines(
  fs: FileSystem,
  location: string,
  chunkBytes?: number,
): AsyncGenerator<[string, number]> {
  for await (const batch of textLineBatches(fs, location, chunkBytes)) {
    for (const [i, text] of batch.lines.entries()) yield [text, batch.firstLine + i];
  }
}

/**
 * The lines of a text file a chunk at a time (`firstLine` is the 1-based number of `lines[0]`):
 * one asynchronous step per chunk read rather than per line.
 */
export async function* textLineBatches(
  fs: FileSystem,
  location: string,
  chunkBytes?: number,
): AsyncGenerator<{ lines: string[]; firstLine: number }> {
  let pending = '';
  let line = 1;
  for await (const chunk of textChunks(fs, location, chunkBytes)) {
    const text = pending + chunk;
    const lines: string[] = [];
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      const end = newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      lines.push(text.slice(start, end));
      start = newline + 1;
    }
    pending = text.slice(start);
    if (lines.length > 0) yield { lines, firstLine: line };
    line += lines.length;
  }
  if (pending !== '') yield { lines: [pending.endsWith('\r') ? pending.slice(0, -1) : pending], firstLine: line };
}

/** The pages of a JSON-lines file. */
export async function* readJsonLines(options: JsonReadOptions): AsyncGenerator<Page> {
  const { columns, location } = options;
  const maxPageRows = Math.max(1, options.maxPageRows ?? 8192);
  const builders: BlockBuilder[] = columns.map((c) => createBlockBuilder(c.type, maxPageRows));
  let rows = 0;
  const columnCount = columns.length;
  const pages: Page[] = [];
  for await (const batch of textLineBatches(options.fs, location, options.chunkBytes)) {
    // A batch's pages are made, timed, then handed out: the time spent parsing is the reader's own.
    const started = performance.now();
    for (let l = 0; l < batch.lines.length; l++) {
      const text = batch.lines[l] as string;
      const line = batch.firstLine + l;
      if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === '')) continue;
      let object: unknown;
      try {
        object = JSON.parse(text);
      } catch (error) {
        throw lakeError(
          'HIVE_BAD_DATA',
          `Error reading JSON file ${location} at line ${line}: ${(error as Error).message}`,
          error,
        );
      }
      if (typeof object !== 'object' || object === null || Array.isArray(object)) {
        throw lakeError('HIVE_BAD_DATA', `Error reading JSON file ${location} at line ${line}: not a JSON object`);
      }
      for (let c = 0; c < columnCount; c++) {
        const column = columns[c] as TextColumn;
        const value = jsonToValue(column.type, lookup(object as Record<string, unknown>, column.name));
        if (value === INVALID) {
          if (options.badValues === 'null') {
            (builders[c] as BlockBuilder).appendNull();
            continue;
          }
          throw lakeError(
            'HIVE_BAD_DATA',
            `Error reading JSON file ${location} at line ${line}: value of column ${column.name} is not a valid ${formatType(column.type)}`,
          );
        }
        if (value === null) (builders[c] as BlockBuilder).appendNull();
        else appendParsed(builders[c] as BlockBuilder, column.type, value);
      }
      rows++;
      if (rows === maxPageRows) {
        pages.push(
          createPage(
            builders.map((b) => b.build()),
            rows,
          ),
        );
        rows = 0;
      }
    }
    if (options.timing !== undefined) options.timing.nanos += (performance.now() - started) * NANOS_PER_MILLI;
    for (const page of pages.splice(0)) yield page;
  }
  if (rows > 0) {
    yield createPage(
      builders.map((b) => b.build()),
      rows,
    );
  }
}

/** The JSON text of a value of `type` (JS value representation). */
export function valueToJson(type: Type, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (type.kind) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return String(value);
    case 'real':
    case 'double': {
      const n = value as number;
      return Number.isFinite(n) ? formatValueText(type, n) : JSON.stringify(formatValueText(type, n));
    }
    case 'decimal':
      return formatDecimal(value as number | bigint, type.scale);
    case 'varchar':
    case 'char':
    case 'uuid':
      return JSON.stringify(value);
    case 'json':
      return value as string;
    case 'varbinary':
      return JSON.stringify(Buffer.from(value as Uint8Array).toString('base64'));
    case 'array':
      return `[${(value as unknown[]).map((v) => valueToJson(type.element, v)).join(',')}]`;
    case 'map': {
      const parts: string[] = [];
      for (const [k, v] of value as Map<unknown, unknown>) {
        parts.push(`${JSON.stringify(formatValueText(type.key, k))}:${valueToJson(type.value, v)}`);
      }
      return `{${parts.join(',')}}`;
    }
    case 'row':
      return `{${type.fields
        .map((f, i) => `${JSON.stringify(f.name ?? `_col${i}`)}:${valueToJson(f.type, (value as unknown[])[i])}`)
        .join(',')}}`;
    default:
      return JSON.stringify(formatValueText(type, value));
  }
}

export interface JsonWriteOptions {
  readonly columns: readonly TextColumn[];
  readonly compression?: TextCompression;
}

export class JsonLinesFileWriter {
  rows = 0;
  private readonly text: TextOutput;
  private readonly keys: string[];

  constructor(
    output: OutputFile,
    private readonly options: JsonWriteOptions,
  ) {
    this.text = new TextOutput(output, options.compression ?? 'NONE');
    this.keys = options.columns.map((c) => `${JSON.stringify(c.name)}:`);
  }

  async write(page: Page): Promise<void> {
    const { columns } = this.options;
    const texts = columns.map((column, c) =>
      columnTexts(page.blocks[c] as Block, column.type, (value) => valueToJson(column.type, value), 'null'),
    );
    const lines = joinRows(texts, page.positionCount, ',', this.keys);
    this.rows += page.positionCount;
    await this.text.append(lines.length === 0 ? '' : `{${lines.join('}\n{')}}\n`);
  }

  finish(): Promise<number> {
    return this.text.finish();
  }

  abort(): Promise<void> {
    return this.text.abort();
  }
}
