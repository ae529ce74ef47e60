/**
 * A CSV tokenizer over string chunks: splits records and fields by the table's separator, quote
 * and escape characters (Trino's `csv_separator`, `csv_quote`, `csv_escape`, defaults `,` `"` `\`),
 * with quoted fields that hold separators, doubled quotes and line breaks, and an escape character
 * that takes the next character literally (inside quotes or out, as OpenCSV does). Records end at
 * LF, CR or CRLF outside quotes. Fields are reported as ranges of the current chunk (no string per
 * field unless the field had escapes or doubled quotes to remove), together with whether they were
 * quoted, so a typed column parses numbers straight out of the chunk and an unquoted empty field
 * can mean NULL while `""` means the empty string.
 *
 * No CSV library fitted: the well-kept ones (csv-parse, papaparse, udsv, fast-csv) hand out an
 * array of strings per record (an object per field), which this avoids; see docs/performance.md
 * for the measurement.
 */

export interface CsvDialect {
  readonly separator: string;
  readonly quote: string;
  readonly escape: string;
}

export const DEFAULT_DIALECT: CsvDialect = { separator: ',', quote: '"', escape: '\\' };

/** The fields of one record: ranges of `text`, or an unescaped value when the field needed one. */
export class CsvRecord {
  text = '';
  count = 0;
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  quoted = new Uint8Array(64);
  /** The field's value when it differs from its range (escapes, doubled quotes), else undefined. */
  values: (string | undefined)[] = [];
  /** 1-based line number of the record's first line in the file. */
  line = 0;

  /** The text of field `i` (allocates a string; typed parsers read the range instead). */
  field(i: number): string {
    return this.values[i] ?? this.text.slice(this.starts[i], this.ends[i]);
  }

  push(start: number, end: number, quoted: boolean, value: string | undefined): void {
    if (this.count === this.starts.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
      this.quoted = grow(this.quoted);
    }
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.quoted[this.count] = quoted ? 1 : 0;
    this.values[this.count] = value;
    this.count++;
  }
}

/**
 * Tokenizes chunks; `feed` calls `onRecord` for every complete record and keeps an incomplete last
 * one for the next chunk (or, with `final`, completes it). The record object is reused.
 */
export class CsvTokenizer {
  private readonly separator: number;
  private readonly quote: number;
  private readonly escape: number;
  private pending = '';
  private line = 1;
  private readonly record = new CsvRecord();

  constructor(dialect: CsvDialect = DEFAULT_DIALECT) {
    this.separator = dialect.separator.charCodeAt(0);
    this.quote = dialect.quote === '' ? -1 : dialect.quote.charCodeAt(0);
    this.escape = dialect.escape === '' ? -1 : dialect.escape.charCodeAt(0);
  }

  feed(chunk: string, final: boolean, onRecord: (record: CsvRecord) => void): void {
    const text = this.pending === '' ? chunk : this.pending + chunk;
    this.pending = '';
    const record = this.record;
    record.text = text;
    const n = text.length;
    let position = 0;
    while (position < n) {
      const end = this.parseRecord(text, position, final);
      if (end < 0) {
        this.pending = text.slice(position);
        return;
      }
      onRecord(record);
      position = end;
    }
  }

  /**
   * Parses one record starting at `start` into this.record; returns the position after its line
   * break, or -1 when the record is not complete in `text` (and more text may come).
   */
  private parseRecord(text: string, start: number, final: boolean): number {
    const record = this.record;
    record.count = 0;
    record.line = this.line;
    const n = text.length;
    const separator = this.separator;
    const quote = this.quote;
    const escapeChar = this.escape;
    let lines = 0;
    let i = start;
    for (;;) {
      // One field.
      if (i < n && text.charCodeAt(i) === quote) {
        let value = '';
        let from = i + 1;
        let j = from;
        let modified = false;
        for (;;) {
          if (j >= n) {
            if (!final) return -1;
            // Unterminated quote at the end of the file: take what there is.
            record.push(from, n, true, modified ? value + text.slice(from, n) : undefined);
            this.line += lines;
            return n;
          }
          const c = text.charCodeAt(j);
          if (c === escapeChar && escapeChar !== quote) {
            if (j + 1 >= n && !final) return -1;
            value += text.slice(from, j);
            from = j + 1;
            j += 2;
            modified = true;
            continue;
          }
          if (c === quote) {
            if (j + 1 < n && text.charCodeAt(j + 1) === quote) {
              value += text.slice(from, j + 1);
              from = j + 2;
              j += 2;
              modified = true;
              continue;
            }
            if (j + 1 >= n && !final) return -1;
            break;
          }
          if (c === 10) lines++;
          else if (c === 13 && !(j + 1 < n && text.charCodeAt(j + 1) === 10)) lines++;
          j++;
        }
        record.push(from, j, true, modified ? value + text.slice(from, j) : undefined);
        i = j + 1;
        // Characters between the closing quote and the separator are kept out (lenient, as OpenCSV).
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === separator || c === 10 || c === 13) break;
          i++;
        }
      } else {
        const from = i;
        let value: string | undefined;
        let segment = from;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === separator || c === 10 || c === 13) break;
          if (c === escapeChar) {
            if (i + 1 >= n && !final) return -1;
            value = (value ?? '') + text.slice(segment, i);
            segment = i + 1;
            i += 2;
            continue;
          }
          i++;
        }
        if (i > n) i = n;
        if (value !== undefined) value += text.slice(segment, i);
        record.push(from, i, false, value);
      }
      if (i >= n) {
        if (!final) return -1;
        this.line += lines + 1;
        return n;
      }
      const c = text.charCodeAt(i);
      if (c === separator) {
        i++;
        if (i >= n && final) {
          record.push(n, n, false, undefined);
          this.line += lines + 1;
          return n;
        }
        continue;
      }
      // A line break ends the record (CRLF counts once).
      if (c === 13) {
        if (i + 1 >= n && !final) return -1;
        if (i + 1 < n && text.charCodeAt(i + 1) === 10) i++;
      }
      this.line += lines + 1;
      return i + 1;
    }
  }
}
