/** Helpers for accumulator tests: resolve aggregates, run them in one step or split across partials. */
import type { Block } from '../../../src/data/block.js';
import { blockOf } from '../../../src/data/block-builder.js';
import { getValue } from '../../../src/data/block-values.js';
import type { Accumulator } from '../../../src/execution/aggregation/accumulator.js';
import { type AccumulatorOptions, createAccumulator } from '../../../src/execution/aggregation/aggregate-registry.js';
import { defaultFunctionRegistry, type ResolvedFunction } from '../../../src/functions/function-registry.js';
import type { ArgumentType } from '../../../src/functions/signature-binder.js';
import type { Type } from '../../../src/types/type.js';

const registry = defaultFunctionRegistry();

export function resolve(name: string, argumentTypes: readonly ArgumentType[]): ResolvedFunction {
  return registry.resolveFunction(name, argumentTypes);
}

/**
 * Argument columns as blocks of the function's bound argument types (lambda arguments skipped),
 * followed by ORDER BY key columns of the orderings' types.
 */
function argumentBlocks(
  fn: ResolvedFunction,
  columns: readonly (readonly unknown[])[],
  options: AccumulatorOptions = {},
): Block[] {
  const types: Type[] = fn.argumentTypes.filter((type) => type.kind !== 'function');
  for (const ordering of options.orderBy ?? []) types.push(ordering.type);
  return columns.map((column, i) => blockOf(types[i]!, column));
}

function groupCountOf(groups: readonly number[]): number {
  let count = 0;
  for (const g of groups) count = Math.max(count, g + 1);
  return count;
}

export function valuesOf(block: Block, type: Type): unknown[] {
  const values: unknown[] = [];
  for (let i = 0; i < block.positionCount; i++) values.push(getValue(block, type, i));
  return values;
}

/**
 * Runs `fn` in one step over rows given column-wise; `groups[i]` is row i's group (default: all in
 * group 0). Returns the result per group (groups without rows included).
 */
export function aggregate(
  fn: ResolvedFunction,
  columns: readonly (readonly unknown[])[],
  groups?: readonly number[],
  options: AccumulatorOptions = {},
  groupCount?: number,
): unknown[] {
  const rows = columns[0]?.length ?? groups?.length ?? 0;
  const groupIds = Int32Array.from(groups ?? new Array<number>(rows).fill(0));
  const accumulator = createAccumulator(fn, options);
  const count = groupCount ?? Math.max(1, groupCountOf([...groupIds]));
  accumulator.setGroupCount(count);
  accumulator.addInput(groupIds, argumentBlocks(fn, columns, options), rows);
  return valuesOf(accumulator.evaluateFinal(0, count), fn.returnType);
}

/** Shorthand: the single group's result over one column. */
export function aggregateOne(name: string, types: readonly ArgumentType[], ...columns: unknown[][]): unknown {
  return aggregate(resolve(name, types), columns)[0];
}

/**
 * Runs `fn` split: rows are dealt to `partials` PARTIAL accumulators (by `assign`), their states go
 * through an INTERMEDIATE accumulator (half of them) and a FINAL one. Group ids are remapped per
 * partial (each partial numbers its groups in first-seen order) to exercise the state merge.
 */
export function aggregateSplit(
  fn: ResolvedFunction,
  columns: readonly (readonly unknown[])[],
  groups: readonly number[],
  partials: number,
  assign: (row: number) => number,
  options: AccumulatorOptions = {},
): unknown[] {
  const groupCount = Math.max(1, groupCountOf(groups));
  const final = createAccumulator(fn, options);
  const intermediate = createAccumulator(fn, options);
  final.setGroupCount(groupCount);
  intermediate.setGroupCount(groupCount);
  const owners = groups.map((_, row) => assign(row));
  for (let p = 0; p < partials; p++) {
    const rows: number[] = [];
    for (let r = 0; r < groups.length; r++) if (owners[r] === p) rows.push(r);
    // Local group numbering: first-seen order within this partial.
    const local = new Map<number, number>();
    const localIds = Int32Array.from(rows, (r) => {
      let id = local.get(groups[r]!);
      if (id === undefined) {
        id = local.size;
        local.set(groups[r]!, id);
      }
      return id;
    });
    const partial: Accumulator = createAccumulator(fn, options);
    partial.setGroupCount(Math.max(1, local.size));
    partial.addInput(
      localIds,
      argumentBlocks(
        fn,
        columns.map((column) => rows.map((r) => column[r])),
        options,
      ),
      rows.length,
    );
    const states = partial.evaluateIntermediate(0, local.size);
    const targets = Int32Array.from(local.keys());
    (p % 2 === 0 ? intermediate : final).addIntermediate(targets, states, local.size);
  }
  const merged = intermediate.evaluateIntermediate(0, groupCount);
  final.addIntermediate(
    Int32Array.from({ length: groupCount }, (_, g) => g),
    merged,
    groupCount,
  );
  return valuesOf(final.evaluateFinal(0, groupCount), fn.returnType);
}

/** A deterministic pseudo-random sequence in [0, 1). */
export function random(seed: number): () => number {
  let state = seed | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}
