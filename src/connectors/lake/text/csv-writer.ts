/**
 * Writing pages as CSV (one record per row, no header: Hive tables have none). Values are written
 * as value-text.ts formats them (the forms the CSV reader parses back); a field is quoted only when
 * it must be (it holds the separator, the quote, the escape character, a line break, or is empty
 * text, which is written `""` so that it reads back as the empty string rather than NULL); quotes
 * inside are doubled and the escape character is escaped, so files round-trip through the reader's
 * defaults (Trino writes with `"` as its escape by default and warns that its files may not read
 * back; Vivace's do). NULL is an unquoted empty field, or `nullFormat` when set.
 */
import type { Block } from '../../../data/block.js';
import type { Page } from '../../../data/page.js';
import { formatType } from '../../../types/format-type.js';
import type { OutputFile } from '../fs/file-system.js';
import { lakeError } from '../lake-errors.js';
import { columnTexts, joinRows } from './column-texts.js';
import type { TextColumn } from './csv-reader.js';
import { type CsvDialect, DEFAULT_DIALECT } from './csv-tokenizer.js';
import type { TextCompression } from './text-chunks.js';
import { TextOutput } from './text-output.js';
import { formatValueText } from './value-text.js';

export interface CsvWriteOptions {
  readonly columns: readonly TextColumn[];
  readonly dialect?: CsvDialect;
  readonly nullFormat?: string;
  readonly compression?: TextCompression;
}

export class CsvFileWriter {
  rows = 0;
  private readonly text: TextOutput;
  private readonly dialect: CsvDialect;
  private readonly needsQuotes: RegExp;
  private readonly scalarTextIsPlain: boolean;

  constructor(
    output: OutputFile,
    private readonly options: CsvWriteOptions,
  ) {
    for (const column of options.columns) {
      if (column.type.kind === 'array' || column.type.kind === 'map' || column.type.kind === 'row') {
        throw lakeError(
          'HIVE_UNSUPPORTED_FORMAT',
          `Column type ${formatType(column.type)} is not supported in CSV files`,
        );
      }
    }
    this.dialect = options.dialect ?? DEFAULT_DIALECT;
    this.text = new TextOutput(output, options.compression ?? 'NONE');
    const special = [this.dialect.separator, this.dialect.quote, this.dialect.escape, '\n', '\r']
      .filter((c) => c !== '')
      .map((c) => c.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&'))
      .join('|');
    this.needsQuotes = new RegExp(special);
    // Numbers, dates, times and booleans are spelled with letters, digits, '.', '+', '-', ':' and
    // spaces: unless the dialect uses one of those, they never need quotes (no test per value).
    this.scalarTextIsPlain = [this.dialect.separator, this.dialect.quote, this.dialect.escape].every(
      (c) => !/[0-9A-Za-z.+\-: ]/.test(c),
    );
  }

  private field(value: string, text: boolean): string {
    if (text && value === '') return `${this.dialect.quote}${this.dialect.quote}`;
    if (!this.needsQuotes.test(value) && !(text && value === this.options.nullFormat)) return value;
    const { quote, escape: escapeChar } = this.dialect;
    let inner = value;
    if (escapeChar !== '' && escapeChar !== quote) inner = inner.split(escapeChar).join(escapeChar + escapeChar);
    if (quote !== '') inner = inner.split(quote).join(quote + quote);
    return `${quote}${inner}${quote}`;
  }

  async write(page: Page): Promise<void> {
    const { columns } = this.options;
    const nullText = this.options.nullFormat ?? '';
    const texts = columns.map((column, c) => {
      const type = column.type;
      const isText = type.kind === 'varchar' || type.kind === 'char' || type.kind === 'json';
      // Empty text and empty binaries are written "" (an unquoted empty field is NULL).
      const quoted = isText || type.kind === 'varbinary';
      const format = isText
        ? (value: unknown) => this.field(value as string, true)
        : !quoted && this.scalarTextIsPlain
          ? (value: unknown) => formatValueText(type, value)
          : (value: unknown) => this.field(formatValueText(type, value), quoted);
      return columnTexts(page.blocks[c] as Block, type, format, nullText);
    });
    const lines = joinRows(texts, page.positionCount, this.dialect.separator);
    this.rows += page.positionCount;
    await this.text.append(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  }

  finish(): Promise<number> {
    return this.text.finish();
  }

  abort(): Promise<void> {
    return this.text.abort();
  }
}
