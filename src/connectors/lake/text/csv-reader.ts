/**
 * Reading CSV files into pages of typed columns. Vivace's CSV tables are typed, unlike Trino's
 * (whose CSV columns must all be varchar): `CREATE TABLE t (x integer, d date) WITH (format='CSV')`
 * reads each field as its column's type. The rules, decided here and documented in
 * docs/architecture.md:
 *   - Fields map to columns by position (Hive); a record with fewer fields has NULLs in the rest,
 *     extra fields are ignored; blank lines are skipped; `skipHeaderLines` records are skipped at
 *     the start of every file (`skip_header_line_count`).
 *   - NULL: an unquoted empty field is NULL (and `""` is the empty string), as PostgreSQL's and
 *     DuckDB's CSV do; a field equal to `nullFormat` (when set, unquoted) is NULL too; an empty
 *     field of a non-text column is NULL whether quoted or not.
 *   - A field that is not a value of its column's type fails the query with HIVE_BAD_DATA naming
 *     the file, the line, the column and the value (silently reading NULL would hide broken data);
 *     `badValues: 'null'` reads such fields as NULL instead, for a table property to offer.
 *   - Quoted fields may hold separators, quotes (doubled or escaped) and line breaks.
 *   - `.gz` files are decompressed on the fly (text-chunks.ts).
 */

import { NANOS_PER_MILLI } from '../../../common/units.js';
import type { BlockBuilder } from '../../../data/block-builder.js';
import { createBlockBuilder } from '../../../data/block-builder.js';
import { createPage, type Page } from '../../../data/page.js';
import { formatType } from '../../../types/format-type.js';
import type { Type } from '../../../types/type.js';
import type { FileSystem } from '../fs/file-system.js';
import { lakeError } from '../lake-errors.js';
import type { ReadTiming } from '../read-timing.js';
import { type CsvDialect, type CsvRecord, CsvTokenizer, DEFAULT_DIALECT } from './csv-tokenizer.js';
import { textChunks } from './text-chunks.js';
import { type TextAppender, textAppender } from './value-appenders.js';

export interface TextColumn {
  readonly name: string;
  readonly type: Type;
}

export interface CsvReadOptions {
  readonly fs: FileSystem;
  readonly location: string;
  readonly columns: readonly TextColumn[];
  readonly dialect?: CsvDialect;
  readonly skipHeaderLines?: number;
  readonly nullFormat?: string;
  readonly badValues?: 'error' | 'null';
  readonly maxPageRows?: number;
  /** Bytes read at a time (default 1 MiB). */
  readonly chunkBytes?: number;
  /** Where the parsing time is added (the scan reports it: it runs outside the engine's operator calls). */
  readonly timing?: ReadTiming;
}

/** Types whose empty value exists (`""` reads as it); for the others an empty field is NULL. */
function isText(type: Type): boolean {
  return type.kind === 'varchar' || type.kind === 'char' || type.kind === 'json' || type.kind === 'varbinary';
}

/** The pages of a CSV file. */
export async function* readCsv(options: CsvReadOptions): AsyncGenerator<Page> {
  const { columns, location } = options;
  const maxPageRows = Math.max(1, options.maxPageRows ?? 8192);
  const appenders: TextAppender[] = columns.map((c) => textAppender(c.type));
  const textColumns = columns.map((c) => isText(c.type));
  const builders: BlockBuilder[] = columns.map((c) => createBlockBuilder(c.type, maxPageRows));
  const tokenizer = new CsvTokenizer(options.dialect ?? DEFAULT_DIALECT);
  const nullFormat = options.nullFormat;
  const badAsNull = options.badValues === 'null';
  let skip = options.skipHeaderLines ?? 0;
  let rows = 0;
  const pages: Page[] = [];

  const onRecord = (record: CsvRecord) => {
    if (skip > 0) {
      skip--;
      return;
    }
    if (
      record.count === 1 &&
      record.quoted[0] === 0 &&
      record.starts[0] === record.ends[0] &&
      record.values[0] === undefined
    ) {
      return; // a blank line
    }
    for (let c = 0; c < columns.length; c++) {
      const builder = builders[c] as BlockBuilder;
      if (c >= record.count) {
        builder.appendNull();
        continue;
      }
      const quoted = record.quoted[c] === 1;
      const unescaped = record.values[c];
      let text = record.text;
      let start = record.starts[c] as number;
      let end = record.ends[c] as number;
      if (unescaped !== undefined) {
        text = unescaped;
        start = 0;
        end = unescaped.length;
      }
      if (start === end && (!quoted || !textColumns[c])) {
        builder.appendNull();
        continue;
      }
      if (
        nullFormat !== undefined &&
        !quoted &&
        end - start === nullFormat.length &&
        text.startsWith(nullFormat, start)
      ) {
        builder.appendNull();
        continue;
      }
      if (!(appenders[c] as TextAppender)(builder, text, start, end)) {
        if (badAsNull) {
          builder.appendNull();
          continue;
        }
        throw lakeError(
          'HIVE_BAD_DATA',
          `Error reading CSV file ${location} at line ${record.line}: value '${truncate(text.slice(start, end))}' of column ${(columns[c] as TextColumn).name} is not a valid ${formatType((columns[c] as TextColumn).type)}`,
        );
      }
    }
    rows++;
    if (rows === maxPageRows) flush();
  };

  const flush = () => {
    if (rows === 0) return;
    pages.push(
      createPage(
        builders.map((b) => b.build()),
        rows,
      ),
    );
    rows = 0;
  };

  const chunks = textChunks(options.fs, location, options.chunkBytes);
  let next = await chunks.next();
  while (!next.done) {
    const following = await chunks.next();
    const started = performance.now();
    tokenizer.feed(next.value, following.done === true, onRecord);
    if (following.done === true) flush();
    if (options.timing !== undefined) options.timing.nanos += (performance.now() - started) * NANOS_PER_MILLI;
    for (const page of pages.splice(0)) yield page;
    next = following;
  }
  flush();
  for (const page of pages.splice(0)) yield page;
}

function truncate(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}
