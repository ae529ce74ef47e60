/**
 * The text of every position of a block, column by column, for the text writers (CSV and JSON
 * lines): a dictionary block's entries are formatted once and shared by the positions that use them
 * (TPC-H's flags and modes: a handful of texts for a page), a run-length block's single value once,
 * and flat blocks position by position; NULL positions get `nullText`. Writing a page then joins
 * these per-column texts row by row, instead of resolving, formatting and checking every value
 * through the generic value accessors.
 */
import type { Block } from '../../../data/block.js';
import { getValue } from '../../../data/block-values.js';
import type { Type } from '../../../types/type.js';

/** Formats one non-null value of the column's type (JS value representation). */
export type ValueFormatter = (value: unknown) => string;

export function columnTexts(block: Block, type: Type, format: ValueFormatter, nullText: string): string[] {
  const n = block.positionCount;
  const out = new Array<string>(n);
  if (block.kind === 'dictionary') {
    const entries = block.dictionary;
    const texts = new Array<string | undefined>(entries.positionCount);
    const ids = block.ids;
    for (let i = 0; i < n; i++) {
      const id = ids[i] as number;
      let text = texts[id];
      if (text === undefined) {
        const value = getValue(entries, type, id);
        text = value === null ? nullText : format(value);
        texts[id] = text;
      }
      out[i] = text;
    }
    return out;
  }
  if (block.kind === 'rle') {
    const value = getValue(block.value, type, 0);
    return out.fill(value === null ? nullText : format(value));
  }
  for (let i = 0; i < n; i++) {
    const value = getValue(block, type, i);
    out[i] = value === null ? nullText : format(value);
  }
  return out;
}

/** The lines of a page: each row's column texts joined by `separator`, with `prefixes[c]` before column c. */
export function joinRows(
  columns: readonly string[][],
  rows: number,
  separator: string,
  prefixes?: readonly string[],
): string[] {
  const lines = new Array<string>(rows);
  const count = columns.length;
  for (let row = 0; row < rows; row++) {
    let line = prefixes === undefined ? '' : (prefixes[0] as string);
    for (let c = 0; c < count; c++) {
      if (c > 0) line += prefixes === undefined ? separator : separator + (prefixes[c] as string);
      line += (columns[c] as string[])[row] as string;
    }
    lines[row] = line;
  }
  return lines;
}
