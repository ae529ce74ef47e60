/**
 * A brute-force window evaluator for tests: partitions by scanning, sorts each partition with a
 * stable sort, derives every frame from the SQL definition row by row (RANGE membership by value
 * conditions), and computes each function directly over the frame's rows.
 */
import type { FrameBoundType, WindowFrame } from '../../../src/execution/window/window-function.js';

export interface ReferenceOrdering {
  readonly column: number;
  readonly ascending: boolean;
  readonly nullsFirst: boolean;
}

function compareNullable(a: unknown, b: unknown, o: ReferenceOrdering): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    return (a === null) === o.nullsFirst ? -1 : 1;
  }
  const c = (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  return o.ascending ? c : -c;
}

/** The rows in window order: partitions by ascending key (NULL last), then the orderings, stable. */
export function windowOrder(
  rows: readonly unknown[][],
  partitionBy: readonly number[],
  orderBy: readonly ReferenceOrdering[],
) {
  const keys = [...partitionBy.map((column) => ({ column, ascending: true, nullsFirst: false })), ...orderBy];
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      for (const o of keys) {
        const c = compareNullable(a.row[o.column], b.row[o.column], o);
        if (c !== 0) return c;
      }
      return a.index - b.index;
    })
    .map((e) => e.row);
  const partitions: unknown[][][] = [];
  for (const row of sorted) {
    const current = partitions.at(-1);
    if (current !== undefined && partitionBy.every((c) => current[0]![c] === row[c])) current.push(row);
    else partitions.push([row]);
  }
  return partitions;
}

const peerCache = new WeakMap<readonly unknown[][], [number, number][]>();

/** Peer group boundaries of each row of a sorted partition: [start, end) (cached per partition). */
export function peers(partition: readonly unknown[][], orderBy: readonly ReferenceOrdering[]): [number, number][] {
  const cached = peerCache.get(partition);
  if (cached !== undefined) return cached;
  const same = (a: unknown[], b: unknown[]) => orderBy.every((o) => compareNullable(a[o.column], b[o.column], o) === 0);
  const result: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= partition.length; i++) {
    if (i < partition.length && same(partition[i - 1]!, partition[i]!)) continue;
    for (let j = start; j < i; j++) result.push([start, i]);
    start = i;
  }
  peerCache.set(partition, result);
  return result;
}

/** The frame [start, end) of row i of a sorted partition; start ≥ end means empty. */
export function referenceFrame(
  partition: readonly unknown[][],
  i: number,
  frame: WindowFrame,
  orderBy: readonly ReferenceOrdering[],
): [number, number] {
  const n = partition.length;
  const offsetOf = (channel: number | undefined) => {
    const value = channel === undefined ? 0 : (partition[i]![channel] as number | null);
    if (value === null || value < 0) throw new Error('Window frame offset value must not be negative or null');
    return value;
  };
  const startOffset = offsetOf(frame.startChannel);
  const endOffset = offsetOf(frame.endChannel);
  const peerRanges = peers(partition, orderBy);
  const [peerStart, peerEnd] = peerRanges[i]!;
  if (frame.type === 'ROWS') {
    const bound = (type: FrameBoundType, offset: number) =>
      type === 'UNBOUNDED_PRECEDING'
        ? 0
        : type === 'UNBOUNDED_FOLLOWING'
          ? n - 1
          : type === 'CURRENT_ROW'
            ? i
            : type === 'PRECEDING'
              ? i - offset
              : i + offset;
    const s = Math.max(0, bound(frame.startType, startOffset));
    const e = Math.min(n - 1, bound(frame.endType, endOffset));
    return s > e ? [0, 0] : [s, e + 1];
  }
  if (frame.type === 'GROUPS') {
    const groupStarts = [...new Set(peerRanges.map((r) => r[0]))];
    const g = groupStarts.indexOf(peerStart);
    const groupOf = (j: number) => groupStarts.indexOf(peerRanges[j]![0]);
    const inFrame = (j: number) => {
      const gj = groupOf(j);
      const startOk =
        frame.startType === 'UNBOUNDED_PRECEDING' ||
        (frame.startType === 'PRECEDING' && gj >= g - startOffset) ||
        (frame.startType === 'CURRENT_ROW' && gj >= g) ||
        (frame.startType === 'FOLLOWING' && gj >= g + startOffset);
      const endOk =
        frame.endType === 'UNBOUNDED_FOLLOWING' ||
        (frame.endType === 'FOLLOWING' && gj <= g + endOffset) ||
        (frame.endType === 'CURRENT_ROW' && gj <= g) ||
        (frame.endType === 'PRECEDING' && gj <= g - endOffset);
      return startOk && endOk;
    };
    return span(n, inFrame);
  }
  // RANGE
  const o = orderBy[0];
  const key = o === undefined ? null : (partition[i]![o.column] as number | null);
  const offsets =
    frame.startType === 'PRECEDING' ||
    frame.startType === 'FOLLOWING' ||
    frame.endType === 'PRECEDING' ||
    frame.endType === 'FOLLOWING';
  if (!offsets || key === null) {
    const s = frame.startType === 'UNBOUNDED_PRECEDING' ? 0 : peerStart;
    const e = frame.endType === 'UNBOUNDED_FOLLOWING' ? n : peerEnd;
    return [s, e];
  }
  const dir = o!.ascending ? 1 : -1;
  // Offset bounds of a row with a non-NULL key lie among the non-NULL keys: the NULL keys sorted
  // after them are past every start, those sorted before them before every end.
  const inFrame = (j: number) => {
    const v = partition[j]![o!.column] as number | null;
    // Position of v relative to key + d·x in sort direction: (v − key)·dir compared with d·x.
    const relative = v === null ? null : (v - key) * dir;
    const nullAfter = v === null && !o!.nullsFirst;
    const nullBefore = v === null && o!.nullsFirst;
    const startOk =
      frame.startType === 'UNBOUNDED_PRECEDING' ||
      (frame.startType === 'CURRENT_ROW' && j >= peerStart) ||
      (frame.startType === 'PRECEDING' && ((relative !== null && relative >= -startOffset) || nullAfter)) ||
      (frame.startType === 'FOLLOWING' && ((relative !== null && relative >= startOffset) || nullAfter));
    const endOk =
      frame.endType === 'UNBOUNDED_FOLLOWING' ||
      (frame.endType === 'CURRENT_ROW' && j < peerEnd) ||
      (frame.endType === 'FOLLOWING' && ((relative !== null && relative <= endOffset) || nullBefore)) ||
      (frame.endType === 'PRECEDING' && ((relative !== null && relative <= -endOffset) || nullBefore));
    return startOk && endOk;
  };
  return span(n, inFrame);
}

function span(n: number, inFrame: (j: number) => boolean): [number, number] {
  let start = -1;
  let end = -1;
  for (let j = 0; j < n; j++) {
    if (!inFrame(j)) continue;
    if (start < 0) start = j;
    if (end >= 0 && end !== j) throw new Error('reference frame is not contiguous');
    end = j + 1;
  }
  return start < 0 ? [0, 0] : [start, end];
}
