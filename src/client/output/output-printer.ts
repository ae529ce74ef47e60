/**
 * Output formats of the CLI (Presto's `--output-format`): each printer receives rows in batches
 * as the protocol delivers them and writes text to a stream. ALIGNED and VERTICAL lay out a
 * batch at a time (column widths of that batch, header once), the others stream row by row.
 */
import type { JsonRow, ResultColumn } from '../query-results.js';
import { displayWidth, formatValue, isNumericType } from './value-format.js';

export const OUTPUT_FORMATS = [
  'ALIGNED',
  'VERTICAL',
  'CSV',
  'CSV_HEADER',
  'TSV',
  'TSV_HEADER',
  'JSON',
  'MARKDOWN',
  'NULL',
] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface OutputPrinter {
  printRows(rows: readonly JsonRow[]): void;
  finish(): void;
}

export interface TextSink {
  write(text: string): unknown;
}

export function createOutputPrinter(
  format: OutputFormat,
  columns: readonly ResultColumn[],
  out: TextSink,
): OutputPrinter {
  switch (format) {
    case 'ALIGNED':
      return new AlignedPrinter(columns, out);
    case 'VERTICAL':
      return new VerticalPrinter(columns, out);
    case 'CSV':
    case 'CSV_HEADER':
      return new DelimitedPrinter(columns, out, format === 'CSV_HEADER', csvField, ',');
    case 'TSV':
    case 'TSV_HEADER':
      return new DelimitedPrinter(columns, out, format === 'TSV_HEADER', tsvField, '\t');
    case 'JSON':
      return new JsonPrinter(columns, out);
    case 'MARKDOWN':
      return new MarkdownPrinter(columns, out);
    case 'NULL':
      return { printRows: () => {}, finish: () => {} };
  }
}

function pad(text: string, width: number, alignRight: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return alignRight ? fill + text : text + fill;
}

function center(text: string, width: number): string {
  const total = Math.max(0, width - displayWidth(text));
  const left = Math.floor(total / 2);
  return ' '.repeat(left) + text + ' '.repeat(total - left);
}

/** Presto's aligned table: centred headers, numbers right-aligned, ` | ` between cells. */
class AlignedPrinter implements OutputPrinter {
  private headerPrinted = false;
  private readonly numeric: boolean[];

  constructor(
    private readonly columns: readonly ResultColumn[],
    private readonly out: TextSink,
  ) {
    this.numeric = columns.map((c) => isNumericType(c.type));
  }

  printRows(rows: readonly JsonRow[]): void {
    const cells = rows.map((row) => this.columns.map((c, i) => formatValue(row[i], c)));
    const widths = this.columns.map((c) => displayWidth(c.name));
    for (const row of cells) {
      row.forEach((text, i) => {
        for (const line of text.split('\n')) widths[i] = Math.max(widths[i], displayWidth(line));
      });
    }
    let text = '';
    if (!this.headerPrinted) {
      this.headerPrinted = true;
      text += `${this.columns.map((c, i) => ` ${center(c.name, widths[i])} `).join('|')}\n`;
      text += `${widths.map((w) => '-'.repeat(w + 2)).join('+')}\n`;
    }
    for (const row of cells) {
      const lines = row.map((cell) => cell.split('\n'));
      const height = Math.max(...lines.map((l) => l.length));
      for (let line = 0; line < height; line++) {
        text += `${lines.map((l, i) => ` ${pad(l[line] ?? '', widths[i], this.numeric[i])} `).join('|')}\n`;
      }
    }
    this.out.write(text);
  }

  finish(): void {
    if (!this.headerPrinted) this.printRows([]);
  }
}

/** One record per block: `-[ RECORD n ]-`, then `name | value` lines. */
class VerticalPrinter implements OutputPrinter {
  private record = 0;

  constructor(
    private readonly columns: readonly ResultColumn[],
    private readonly out: TextSink,
  ) {}

  printRows(rows: readonly JsonRow[]): void {
    const nameWidth = Math.max(...this.columns.map((c) => displayWidth(c.name)), 0);
    let text = '';
    for (const row of rows) {
      this.record++;
      const values = this.columns.map((c, i) => formatValue(row[i], c));
      const valueWidth = Math.max(...values.map(displayWidth), 0);
      const title = `-[ RECORD ${this.record} ]`;
      const left = title + '-'.repeat(Math.max(0, nameWidth + 1 - title.length));
      text += `${left}+${'-'.repeat(valueWidth + 1)}\n`;
      this.columns.forEach((c, i) => {
        text += `${pad(c.name, Math.max(nameWidth, left.length - 1), false)} | ${values[i]}\n`;
      });
    }
    this.out.write(text);
  }

  finish(): void {
    if (this.record === 0) this.out.write('(no rows)\n');
  }
}

function csvField(text: string | null): string {
  return text === null ? '""' : `"${text.replaceAll('"', '""')}"`;
}

function tsvField(text: string | null): string {
  if (text === null) return '';
  return text.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r');
}

class DelimitedPrinter implements OutputPrinter {
  constructor(
    private readonly columns: readonly ResultColumn[],
    private readonly out: TextSink,
    header: boolean,
    private readonly field: (text: string | null) => string,
    private readonly separator: string,
  ) {
    if (header) out.write(`${columns.map((c) => field(c.name)).join(separator)}\n`);
  }

  printRows(rows: readonly JsonRow[]): void {
    let text = '';
    for (const row of rows) {
      text += `${this.columns
        .map((c, i) => this.field(row[i] === null || row[i] === undefined ? null : formatValue(row[i], c)))
        .join(this.separator)}\n`;
    }
    this.out.write(text);
  }

  finish(): void {}
}

/** One JSON object per line, keyed by column name, values as the protocol sent them. */
class JsonPrinter implements OutputPrinter {
  constructor(
    private readonly columns: readonly ResultColumn[],
    private readonly out: TextSink,
  ) {}

  printRows(rows: readonly JsonRow[]): void {
    let text = '';
    for (const row of rows) {
      const object: Record<string, unknown> = {};
      this.columns.forEach((c, i) => {
        object[c.name] = row[i] ?? null;
      });
      text += `${JSON.stringify(object)}\n`;
    }
    this.out.write(text);
  }

  finish(): void {}
}

class MarkdownPrinter implements OutputPrinter {
  constructor(
    private readonly columns: readonly ResultColumn[],
    private readonly out: TextSink,
  ) {
    out.write(`| ${columns.map((c) => escapeMarkdown(c.name)).join(' | ')} |\n`);
    out.write(`| ${columns.map((c) => (isNumericType(c.type) ? '---:' : '---')).join(' | ')} |\n`);
  }

  printRows(rows: readonly JsonRow[]): void {
    let text = '';
    for (const row of rows) {
      text += `| ${this.columns.map((c, i) => escapeMarkdown(formatValue(row[i], c, ''))).join(' | ')} |\n`;
    }
    this.out.write(text);
  }

  finish(): void {}
}

function escapeMarkdown(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', '<br>');
}
