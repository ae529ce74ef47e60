/**
 * Renders generated rows in dbgen's `.tbl` format, to compare them with dbgen's own output: every
 * column followed by `|`, money with exactly two decimals, dates as YYYY-MM-DD, keys and counts as
 * integers, text as is. l_quantity is a double in Presto's schema but dbgen prints it as an integer.
 *
 * Rows are written as Latin-1 bytes straight into a growing buffer (verifying SF 1 renders
 * gigabytes; building a string per cell would spend most of that time in the garbage collector).
 */
import { Buffer } from 'node:buffer';
import { fail } from '../../../common/invariant.js';
import type { GeneratedBatch, GeneratedColumn } from './generated-column.js';
import { formatEpochDay, START_EPOCH_DAY, TOTAL_DATE_DAYS } from './tpch-dates.js';
import { TPCH_TABLES, type TpchTableName } from './tpch-tables.js';

const INTEGER = 0;
const MONEY = 1;
const DATE = 2;
const TEXT = 3;

const BAR = 0x7c;
const NEWLINE = 0x0a;

const DATE_TEXT: readonly string[] = Array.from({ length: TOTAL_DATE_DAYS }, (_, i) =>
  formatEpochDay(START_EPOCH_DAY + i),
);

function formatOf(table: TpchTableName, column: string, type: string): number {
  if (type === 'bigint' || type === 'integer') return INTEGER;
  if (type === 'date') return DATE;
  if (type === 'double') return table === 'lineitem' && column === 'quantity' ? INTEGER : MONEY;
  return TEXT;
}

const FORMATS = new Map<TpchTableName, Int32Array>(
  (Object.keys(TPCH_TABLES) as TpchTableName[]).map((table) => [
    table,
    Int32Array.from(TPCH_TABLES[table], ({ name, type }) => formatOf(table, name, type)),
  ]),
);

/** A growing Latin-1 byte buffer. */
class ByteSink {
  bytes: Uint8Array = new Uint8Array(1 << 16);
  length = 0;
  private readonly digits = new Uint8Array(24);

  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.length + count, 2 * this.bytes.length));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  text(value: string): void {
    this.reserve(value.length);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < value.length; i++) bytes[at++] = value.charCodeAt(i);
    this.length = at;
  }

  /** A non-negative integer's decimal digits, at least `minDigits` of them. */
  unsigned(value: number, minDigits: number): void {
    const digits = this.digits;
    let count = 0;
    let rest = value;
    do {
      const next = Math.floor(rest / 10);
      digits[count++] = 0x30 + rest - next * 10;
      rest = next;
    } while (rest > 0 || count < minDigits);
    this.reserve(count);
    while (count > 0) this.bytes[this.length++] = digits[--count];
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }
}

function numericValue(column: GeneratedColumn, row: number): number {
  if (column.kind !== 'float64' && column.kind !== 'int32') {
    throw new TypeError(`expected a numeric column, got ${column.kind}`);
  }
  return column.values[row];
}

function writeRow(sink: ByteSink, formats: Int32Array, columns: readonly GeneratedColumn[], row: number): void {
  for (let c = 0; c < formats.length; c++) {
    const column = columns[c];
    switch (formats[c]) {
      case INTEGER: {
        const value = numericValue(column, row);
        if (value < 0) sink.byte(0x2d);
        sink.unsigned(Math.abs(value), 1);
        break;
      }
      case MONEY: {
        const cents = Math.round(numericValue(column, row) * 100);
        if (cents < 0) sink.byte(0x2d);
        const magnitude = Math.abs(cents);
        const fraction = magnitude % 100;
        sink.unsigned((magnitude - fraction) / 100, 1);
        sink.byte(0x2e);
        sink.unsigned(fraction, 2);
        break;
      }
      case DATE: {
        const day = numericValue(column, row);
        sink.text(DATE_TEXT[day - START_EPOCH_DAY] ?? formatEpochDay(day));
        break;
      }
      default:
        if (column.kind === 'string') sink.text(column.values[row]);
        else if (column.kind === 'dictionary') sink.text(column.dictionary[column.ids[row]]);
        else throw new TypeError(`expected a text column, got ${column.kind}`);
    }
    sink.byte(BAR);
  }
}

/**
 * One `.tbl` line (without the newline) of `table`; `columns` are all the table's columns in
 * TPC-H order (as generated when every column is requested in TPCH_TABLES order).
 */
export function formatTblLine(table: TpchTableName, columns: readonly GeneratedColumn[], row: number): string {
  const sink = new ByteSink();
  writeRow(sink, columnFormatsOf(table), columns, row);
  return Buffer.from(sink.bytes.buffer, 0, sink.length).toString('latin1');
}

function columnFormatsOf(table: TpchTableName): Int32Array {
  return FORMATS.get(table) ?? fail(`no .tbl format for ${table}`);
}

/** All rows of a batch (generated with every column in TPC-H order) as `.tbl` bytes, one line each. */
export function renderTblBatch(table: TpchTableName, batch: GeneratedBatch): Buffer {
  const formats = columnFormatsOf(table);
  const sink = new ByteSink();
  for (let row = 0; row < batch.rowCount; row++) {
    writeRow(sink, formats, batch.columns, row);
    sink.byte(NEWLINE);
  }
  return Buffer.from(sink.bytes.buffer, 0, sink.length);
}

/** All rows of a batch as `.tbl` text (see renderTblBatch). */
export function formatTblBatch(table: TpchTableName, batch: GeneratedBatch): string {
  return renderTblBatch(table, batch).toString('latin1');
}
