/**
 * GroupByHash benchmark: rows/s of `getGroupIds` over pages of 4096 rows for a single bigint key with
 * 10, 100k and 1M distinct values, a single varchar key with 100k distinct values (flat and as a
 * dictionary), and a (bigint, varchar) key. Each case builds a fresh table per run and reports the
 * best of the runs. Run from the project root:
 * `node dist/bench/run.js hash [--rows N] [--runs N]`.
 */
import type { Block } from '../src/data/block.js';
import { dictionaryBlock, float64Block, stringBlock } from '../src/data/block.js';
import { createGroupByHash } from '../src/execution/hash/group-by-hash.js';
import type { Type } from '../src/types/type.js';
import { BIGINT, VARCHAR } from '../src/types/type.js';
import { numberOption } from './bench-options.js';

const PAGE_ROWS = 4096;

/** xorshift32: deterministic keys so runs compare. */
function sequence(seed: number): () => number {
  let state = seed | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

/** Key indexes in [0, distinct), every value appearing (a permutation prefix, then random repeats). */
function keyIndexes(rows: number, distinct: number): Int32Array {
  const random = sequence(distinct);
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) out[i] = i < distinct ? i : random() % distinct;
  // Shuffle so first occurrences are spread over the input, as in real data.
  for (let i = rows - 1; i > 0; i--) {
    const j = random() % (i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

interface Case {
  readonly name: string;
  readonly types: readonly Type[];
  readonly pages: readonly (readonly Block[])[];
}

function bigintPages(rows: number, distinct: number): (readonly Block[])[] {
  const indexes = keyIndexes(rows, distinct);
  const pages: Block[][] = [];
  for (let start = 0; start < rows; start += PAGE_ROWS) {
    const end = Math.min(rows, start + PAGE_ROWS);
    const values = new Float64Array(end - start);
    // Spread keys like order keys (multiples of 32 plus an offset) rather than 0..n.
    for (let i = start; i < end; i++) values[i - start] = indexes[i]! * 32 + 7;
    pages.push([float64Block(values)]);
  }
  return pages;
}

function varcharPages(rows: number, distinct: number, asDictionary: boolean): (readonly Block[])[] {
  const indexes = keyIndexes(rows, distinct);
  const words: string[] = [];
  for (let i = 0; i < distinct; i++) words.push(`Customer#${String(i).padStart(9, '0')}`);
  const dictionary = stringBlock(words);
  const pages: Block[][] = [];
  for (let start = 0; start < rows; start += PAGE_ROWS) {
    const end = Math.min(rows, start + PAGE_ROWS);
    if (asDictionary) {
      pages.push([dictionaryBlock(indexes.slice(start, end), dictionary)]);
    } else {
      const values: string[] = [];
      for (let i = start; i < end; i++) values.push(words[indexes[i]!]!);
      pages.push([stringBlock(values)]);
    }
  }
  return pages;
}

function twoColumnPages(rows: number, distinct: number): (readonly Block[])[] {
  const numbers = bigintPages(rows, distinct);
  const strings = varcharPages(rows, 25, false);
  return numbers.map((page, i) => [page[0]!, strings[i]![0]!]);
}

function measure(testCase: Case, runs: number): { rowsPerSecond: number; groups: number; bytes: number } {
  let best = Number.POSITIVE_INFINITY;
  let groups = 0;
  let bytes = 0;
  const out = new Int32Array(PAGE_ROWS);
  let rows = 0;
  for (const page of testCase.pages) rows += page[0]!.positionCount;
  for (let run = 0; run < runs; run++) {
    const hash = createGroupByHash(testCase.types);
    const start = performance.now();
    for (const page of testCase.pages) hash.getGroupIds(page, page[0]!.positionCount, out);
    const elapsed = performance.now() - start;
    if (elapsed < best) best = elapsed;
    groups = hash.groupCount;
    bytes = hash.retainedBytes;
  }
  return { rowsPerSecond: (rows / best) * 1000, groups, bytes };
}

export function run(args: readonly string[]): void {
  const rows = numberOption(args, '--rows', 1_000_000);
  const runs = numberOption(args, '--runs', 5);
  const cases: Case[] = [
    { name: 'bigint, 10 keys', types: [BIGINT], pages: bigintPages(rows, 10) },
    { name: 'bigint, 100k keys', types: [BIGINT], pages: bigintPages(rows, 100_000) },
    { name: 'bigint, 1M keys', types: [BIGINT], pages: bigintPages(rows, Math.min(rows, 1_000_000)) },
    { name: 'varchar, 100k keys', types: [VARCHAR], pages: varcharPages(rows, 100_000, false) },
    { name: 'varchar dict, 100k keys', types: [VARCHAR], pages: varcharPages(rows, 100_000, true) },
    { name: '(bigint, varchar), ~1M', types: [BIGINT, VARCHAR], pages: twoColumnPages(rows, 40_000) },
  ];
  console.log(`GroupByHash.getGroupIds, ${rows} rows in pages of ${PAGE_ROWS}, best of ${runs}`);
  for (const testCase of cases) {
    const { rowsPerSecond, groups, bytes } = measure(testCase, runs);
    console.log(
      `  ${testCase.name.padEnd(26)} ${(rowsPerSecond / 1e6).toFixed(1).padStart(6)} M rows/s  ` +
        `${String(groups).padStart(8)} groups  ${(bytes / 1048576).toFixed(1).padStart(6)} MB`,
    );
  }
}
