/**
 * Data layer benchmark. Builds 1M rows of (bigint, double, varchar as a dictionary, date) in pages,
 * then measures the binary page serde (serialise and deserialise, with and without checksums, MB/s of
 * serialised bytes and rows/s), the same with a flat varchar column, and the protocol's JSON encoding
 * of a typical 10-column row (pageToJsonRows alone, and with JSON.stringify of the rows).
 * Run from the project root: `node dist/bench/run.js data [--rows N] [--page-rows N] [--seconds S]`.
 */

import type { Block } from '../src/data/block.js';
import { dictionaryBlock, stringBlock } from '../src/data/block.js';
import { createBlockBuilder } from '../src/data/block-builder.js';
import { pageToJsonRows } from '../src/data/json-values.js';
import type { Page } from '../src/data/page.js';
import { deserializePages, serializePages } from '../src/data/page-serde.js';
import type { Type } from '../src/types/type.js';
import { BIGINT, BOOLEAN, DATE, DOUBLE, decimal, INTEGER, REAL, timestamp, VARCHAR } from '../src/types/type.js';
import { numberOption } from './bench-options.js';

interface Options {
  readonly rows: number;
  readonly pageRows: number;
  readonly seconds: number;
}

/** A deterministic pseudo-random sequence (xorshift32), so runs compare. */
function sequence(seed: number): () => number {
  let state = seed | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const WORDS = [
  'furiously',
  'regular',
  'deposits',
  'sleep',
  'quickly',
  'final',
  'accounts',
  'ironic',
  'packages',
  'bold',
];

function phrase(random: () => number): string {
  const count = 2 + Math.floor(random() * 3);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(WORDS[Math.floor(random() * WORDS.length)]!);
  return parts.join(' ');
}

/** Pages of (bigint, double, varchar, date); the varchar is a dictionary of 1000 phrases or flat. */
function buildPages(options: Options, dictionaryStrings: boolean): Page[] {
  const random = sequence(42);
  const dictionary = stringBlock(Array.from({ length: 1000 }, () => phrase(random)));
  const pages: Page[] = [];
  for (let start = 0; start < options.rows; start += options.pageRows) {
    const count = Math.min(options.pageRows, options.rows - start);
    const keys = createBlockBuilder(BIGINT, count);
    const prices = createBlockBuilder(DOUBLE, count);
    const dates = createBlockBuilder(DATE, count);
    const ids = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      keys.appendFloat64(start + i);
      prices.appendFloat64(Math.round(random() * 1e7) / 100);
      dates.appendInt32(8000 + Math.floor(random() * 2500));
      ids[i] = Math.floor(random() * 1000);
    }
    const text: Block = dictionaryStrings
      ? dictionaryBlock(ids, dictionary)
      : stringBlock(Array.from(ids, (id) => dictionary.values[id]!));
    pages.push({ positionCount: count, blocks: [keys.build(), prices.build(), text, dates.build()] });
  }
  return pages;
}

/** Runs `pass` repeatedly for about `seconds` after one warm-up pass; returns seconds per pass. */
function timePerPass(seconds: number, pass: () => void): number {
  pass();
  let passes = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(seconds * 1e9));
  let now = start;
  do {
    pass();
    passes++;
    now = process.hrtime.bigint();
  } while (now < deadline);
  return Number(now - start) / 1e9 / passes;
}

function rate(value: number): string {
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)} M`;
  return `${(value / 1e3).toFixed(1)} k`;
}

function benchSerde(label: string, pages: Page[], types: readonly Type[], rows: number, options: Options) {
  for (const checksum of [true, false]) {
    let bytes = serializePages(pages, types, { checksum });
    const write = timePerPass(options.seconds, () => {
      bytes = serializePages(pages, types, { checksum });
    });
    const read = timePerPass(options.seconds, () => {
      deserializePages(bytes, types);
    });
    const megabytes = bytes.length / 1e6;
    const name = `${label}${checksum ? ' +crc' : ''}`;
    console.log(
      `${name.padEnd(26)} ${megabytes.toFixed(1).padStart(6)} MB   serialise ${(megabytes / write).toFixed(0).padStart(5)} MB/s ` +
        `${rate(rows / write).padStart(8)} rows/s   deserialise ${(megabytes / read).toFixed(0).padStart(5)} MB/s ` +
        `${rate(rows / read).padStart(8)} rows/s`,
    );
  }
}

/** 10 columns as a typical query result: keys, prices, text, dates, flags, a timestamp, ... */
function buildJsonPage(rows: number): { page: Page; types: Type[] } {
  const random = sequence(7);
  const types: Type[] = [BIGINT, DOUBLE, VARCHAR, DATE, decimal(12, 2), BOOLEAN, INTEGER, timestamp(3), VARCHAR, REAL];
  const builders = types.map((type) => createBlockBuilder(type, rows));
  for (let i = 0; i < rows; i++) {
    builders[0]!.appendFloat64(i);
    builders[1]!.appendFloat64(Math.round(random() * 1e7) / 100);
    builders[2]!.appendString(phrase(random));
    builders[3]!.appendInt32(8000 + Math.floor(random() * 2500));
    builders[4]!.appendFloat64(Math.floor(random() * 1e9));
    builders[5]!.appendBoolean(random() < 0.5);
    if (i % 10 === 0) builders[6]!.appendNull();
    else builders[6]!.appendInt32(Math.floor(random() * 1e6));
    builders[7]!.appendFloat64(1.6e12 + Math.floor(random() * 1e10));
    builders[8]!.appendString(WORDS[i % WORDS.length]!);
    builders[9]!.appendFloat32(random() * 100);
  }
  return { page: { positionCount: rows, blocks: builders.map((b) => b.build()) }, types };
}

export async function run(args: string[]): Promise<void> {
  const options: Options = {
    rows: numberOption(args, '--rows', 1_000_000),
    pageRows: numberOption(args, '--page-rows', 8192),
    seconds: numberOption(args, '--seconds', 2),
  };
  console.log(
    `data layer: ${options.rows} rows in pages of ${options.pageRows}, ${options.seconds} s per measurement, node ${process.version}`,
  );
  const types = [BIGINT, DOUBLE, VARCHAR, DATE];
  benchSerde('dictionary varchar', buildPages(options, true), types, options.rows, options);
  benchSerde('flat varchar', buildPages(options, false), types, options.rows, options);

  const jsonRows = Math.min(options.rows, 100_000);
  const { page, types: jsonTypes } = buildJsonPage(jsonRows);
  const encode = timePerPass(options.seconds, () => {
    pageToJsonRows(page, jsonTypes);
  });
  const encodeAndWrite = timePerPass(options.seconds, () => {
    JSON.stringify(pageToJsonRows(page, jsonTypes));
  });
  console.log(`toJsonValue, 10 columns        ${rate(jsonRows / encode).padStart(8)} rows/s`);
  console.log(`  + JSON.stringify             ${rate(jsonRows / encodeAndWrite).padStart(8)} rows/s`);
}
