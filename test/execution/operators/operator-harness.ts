/** Test helpers for operators: pages from rows, rows from pages, and a loop that drives one operator. */
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import type { Page } from '../../../src/data/page.js';
import type { Operator } from '../../../src/execution/operator.js';
import type { Type } from '../../../src/types/type.js';

/** A page of the given rows (JS value representation, null for NULL). */
export function pageOf(types: readonly Type[], rows: readonly (readonly unknown[])[]): Page {
  return {
    positionCount: rows.length,
    blocks: types.map((type, c) =>
      blockOf(
        type,
        rows.map((row) => row[c] ?? null),
      ),
    ),
  };
}

/** The rows of pages, as arrays of values. */
export function rowsOf(pages: readonly Page[], types: readonly Type[]): unknown[][] {
  const rows: unknown[][] = [];
  for (const page of pages) {
    for (let p = 0; p < page.positionCount; p++) rows.push(types.map((type, c) => getValue(page.blocks[c]!, type, p)));
  }
  return rows;
}

/** The rows split into pages of `size` rows. */
export function pagesOf(types: readonly Type[], rows: readonly (readonly unknown[])[], size: number): Page[] {
  const pages: Page[] = [];
  for (let i = 0; i < rows.length; i += size) pages.push(pageOf(types, rows.slice(i, i + size)));
  return pages;
}

/**
 * Feeds `input` to the operator whenever it needs input, finishes it after the last page (and calls
 * `finish` again on every pass, as a driver does), and collects its output until it is finished.
 * Throws if it stops making progress.
 */
export function drive(operator: Operator, input: readonly Page[], maxSteps = 1_000_000): Page[] {
  const output: Page[] = [];
  let next = 0;
  let finished = false;
  for (let step = 0; step < maxSteps; step++) {
    if (operator.isFinished()) return output;
    if (operator.isBlocked()) throw new Error('operator is blocked');
    let moved = false;
    if (!finished && operator.needsInput()) {
      if (next < input.length) operator.addInput(input[next++]!);
      else {
        operator.finish();
        finished = true;
      }
      moved = true;
    }
    const page = operator.getOutput();
    if (page !== null) {
      output.push(page);
      moved = true;
    }
    if (!moved && !finished && next >= input.length) {
      operator.finish();
      finished = true;
      moved = true;
    }
    // As a driver does: `finish` again on every pass, for operators that work at the end in slices.
    if (!moved && finished) operator.finish();
    if (!moved && finished && step > maxSteps / 2) throw new Error('operator makes no progress');
  }
  throw new Error('operator did not finish');
}

/** A deterministic pseudo-random generator (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export function randomInt(next: () => number, n: number): number {
  return Math.floor(next() * n);
}
