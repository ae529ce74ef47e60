/**
 * Writes the rows of pages as the JSON text of the statement protocol's `data` array straight into
 * UTF-8 bytes: `[[v, v, ...],[...]]`, each value exactly as `json-values.ts` defines it.
 *
 * Why bytes and not strings: a large result is mostly this text, and building a string per value,
 * joining them per row and encoding the whole to UTF-8 afterwards cost about 300 ns a value. Here
 * the common scalars (integers, bigints, doubles, booleans, dates, ASCII strings) are written digit
 * by digit and character by character into one growing buffer, with no allocation per value; every
 * other type (decimals, timestamps, nested values, non-ASCII text) goes through its JSON encoder and
 * `stringifyJson`, so the output is byte for byte what the string path produced.
 */
import type { Type } from '../types/type.js';
import { type Block, resolveFlat as resolve, resolvedPosition } from './block.js';
import { jsonEncoderFor, stringifyJson } from './json-values.js';
import type { Page } from './page.js';
import { formatDate } from './temporal-format.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const ZERO = 0x30;
const MINUS = 0x2d;
const DOT = 0x2e;

/** Doubles below this magnitude with at most two decimals take the exact integer path. */
const TWO_DECIMALS_LIMIT = 1e9;
/** Powers of ten up to 10^15, for counting digits of integers below 2^53. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);
const INT32_MAX = 2 ** 31 - 1;
/**
 * Bytes every row reserves per column before its values are written: enough for any number, date,
 * boolean or null (the longest is a double such as `-1.7976931348623157e+308`, 24 bytes). Writers of
 * longer values (strings, nested values) reserve for themselves.
 */
const RESERVED_PER_VALUE = 26;

/** A growing byte buffer with a write position. */
class ByteSink {
  buffer: Buffer;
  length = 0;
  /** Room for a whole row of fixed-size values: kept free after every self-reserving write. */
  slack = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  /** Makes room for `bytes` more bytes. */
  reserve(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Text of any characters, as UTF-8. */
  writeText(text: string): void {
    this.reserve(text.length * 3 + this.slack);
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** A non-negative integer below 2^53 (room reserved by the caller). */
  putDigits(value: number): void {
    let digits = 1;
    while (digits < 16 && value >= POWERS_OF_TEN[digits]) digits++;
    const buffer = this.buffer;
    let at = this.length + digits;
    this.length = at;
    while (value > INT32_MAX) {
      const quotient = Math.floor(value / 10);
      buffer[--at] = ZERO + (value - quotient * 10);
      value = quotient;
    }
    // Small integers: 32-bit division, much cheaper than the double path above.
    let small = value | 0;
    do {
      const quotient = (small / 10) | 0;
      buffer[--at] = ZERO + (small - quotient * 10);
      small = quotient;
    } while (small > 0);
  }

  /** A safe integer, sign and digits (room reserved by the caller). */
  putInteger(value: number): void {
    if (value < 0) {
      this.buffer[this.length++] = MINUS;
      this.putDigits(-value);
    } else {
      this.putDigits(value);
    }
  }

  /** ASCII text of at most the reserved length (numbers, dates, literals). */
  putAscii(text: string): void {
    const n = text.length;
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < n; i++) buffer[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** A JSON string: ASCII without escapes is copied; anything else goes through JSON.stringify. */
  writeString(text: string): void {
    const n = text.length;
    this.reserve(n + 2 + this.slack);
    const buffer = this.buffer;
    const start = this.length;
    let at = start;
    buffer[at++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code >= 0x80 || code === QUOTE || code === BACKSLASH) {
        this.length = start;
        this.writeText(JSON.stringify(text));
        return;
      }
      buffer[at++] = code;
    }
    buffer[at++] = QUOTE;
    this.length = at;
  }

  putByte(byte: number): void {
    this.buffer[this.length++] = byte;
  }
}

type ValueWriter = (sink: ByteSink, block: Block, position: number) => void;

const NULL_TEXT = 'null';

function writeDouble(sink: ByteSink, value: number): void {
  if (!Number.isFinite(value)) {
    sink.putAscii(Number.isNaN(value) ? '"NaN"' : value > 0 ? '"Infinity"' : '"-Infinity"');
    return;
  }
  const magnitude = Math.abs(value);
  if (magnitude < TWO_DECIMALS_LIMIT) {
    // A value that is exactly the double nearest some d.dd prints as that decimal: below 10^9 such
    // decimals have at most 11 significant digits, so no shorter text reads back to the same double.
    const hundredths = Math.round(magnitude * 100);
    if (hundredths / 100 === magnitude) {
      if (value < 0 || Object.is(value, -0)) sink.putByte(MINUS);
      const whole = Math.floor(hundredths / 100);
      sink.putDigits(whole);
      const fraction = hundredths - whole * 100;
      if (fraction !== 0) {
        const buffer = sink.buffer;
        buffer[sink.length++] = DOT;
        buffer[sink.length++] = ZERO + Math.floor(fraction / 10);
        if (fraction % 10 !== 0) buffer[sink.length++] = ZERO + (fraction % 10);
      }
      return;
    }
  }
  sink.putAscii(String(value));
}

function writerFor(type: Type): ValueWriter {
  switch (type.kind) {
    case 'boolean':
      return (sink, block, position) => {
        const flat = resolve(block, position) as { values: Uint8Array } | null;
        sink.putAscii(flat === null ? NULL_TEXT : flat.values[resolvedPosition] !== 0 ? 'true' : 'false');
      };
    case 'tinyint':
    case 'smallint':
    case 'integer':
      return (sink, block, position) => {
        const flat = resolve(block, position) as { values: Int32Array } | null;
        if (flat === null) sink.putAscii(NULL_TEXT);
        else sink.putInteger(flat.values[resolvedPosition]);
      };
    case 'bigint': {
      const fallback = jsonEncoderFor(type);
      return (sink, block, position) => {
        const flat = resolve(block, position);
        if (flat === null) sink.putAscii(NULL_TEXT);
        else if (flat.kind === 'float64') sink.putInteger(flat.values[resolvedPosition]);
        else sink.putAscii(stringifyJson(fallback(block, position)));
      };
    }
    case 'double':
      return (sink, block, position) => {
        const flat = resolve(block, position) as { values: Float64Array } | null;
        if (flat === null) sink.putAscii(NULL_TEXT);
        else writeDouble(sink, flat.values[resolvedPosition]);
      };
    case 'varchar':
    case 'json':
    case 'uuid':
      return (sink, block, position) => {
        const flat = resolve(block, position) as { values: string[] } | null;
        if (flat === null) sink.putAscii(NULL_TEXT);
        else sink.writeString(flat.values[resolvedPosition]);
      };
    case 'date':
      return (sink, block, position) => {
        const flat = resolve(block, position) as { values: Int32Array } | null;
        if (flat === null) {
          sink.putAscii(NULL_TEXT);
        } else {
          sink.putByte(QUOTE);
          sink.putAscii(formatDate(flat.values[resolvedPosition]));
          sink.putByte(QUOTE);
        }
      };
    default: {
      const encoder = jsonEncoderFor(type);
      return (sink, block, position) => sink.writeText(stringifyJson(encoder(block, position)));
    }
  }
}

/**
 * Accumulates rows of pages of the given column types into one `data` array. `append` takes whole
 * pages; `finish` hands out the bytes and starts a new array.
 *
 * The buffer starts at `initialCapacity` and doubles as rows come (each byte is copied at most about
 * once more). It is not sized for the largest answer up front: most statements answer a few rows,
 * and Node reports every fresh buffer to V8 as external memory — a megabyte per answer made the
 * coordinator run a young-generation collection every dozen statements ("external memory
 * pressure"), 8 % of its CPU in a stream of small queries. A new buffer is taken only when rows come
 * after `finish`.
 */
export class JsonRowsWriter {
  private readonly writers: readonly ValueWriter[];
  private readonly slack: number;
  private sink: ByteSink | undefined;
  private rows = 0;

  constructor(
    types: readonly Type[],
    private readonly initialCapacity = 16 * 1024,
  ) {
    this.writers = types.map(writerFor);
    this.slack = this.writers.length * RESERVED_PER_VALUE + 4;
  }

  private newSink(): ByteSink {
    const sink = new ByteSink(Math.max(this.initialCapacity, 2 * this.slack));
    sink.slack = this.slack;
    this.sink = sink;
    return sink;
  }

  /** Bytes written so far (without the closing bracket). */
  get byteLength(): number {
    return this.sink?.length ?? 0;
  }

  get rowCount(): number {
    return this.rows;
  }

  /** Appends the page's rows `from` (inclusive) to `to` (exclusive), all of them by default. */
  append(page: Page, from = 0, to = page.positionCount): void {
    if (from >= to) return;
    const sink = this.sink ?? this.newSink();
    const writers = this.writers;
    const blocks = page.blocks;
    const width = writers.length;
    for (let position = from; position < to; position++) {
      sink.reserve(sink.slack);
      sink.putByte(this.rows++ === 0 ? OPEN : COMMA);
      sink.putByte(OPEN);
      for (let column = 0; column < width; column++) {
        if (column > 0) sink.putByte(COMMA);
        writers[column](sink, blocks[column], position);
      }
      sink.putByte(CLOSE);
    }
  }

  /** The JSON array of the rows appended since the last call (undefined when there were none). */
  finish(): Buffer | undefined {
    const sink = this.sink;
    if (this.rows === 0 || sink === undefined) return undefined;
    sink.reserve(1);
    sink.putByte(CLOSE);
    this.sink = undefined;
    this.rows = 0;
    return sink.buffer.subarray(0, sink.length);
  }
}
