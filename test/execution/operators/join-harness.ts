/** Test helpers for joins: running a build and its probes, and a nested-loop reference join. */
import { getValue } from '../../../src/data/block-values.js';
import type { Page } from '../../../src/data/page.js';
import type { JoinFilter } from '../../../src/execution/join/join-probe-operator.js';
import type { JoinType } from '../../../src/planner/plan-nodes.js';
import type { Type } from '../../../src/types/type.js';

/** The probe and build values a filter condition compares. */
export type PairCondition = (probe: readonly unknown[], build: readonly unknown[]) => boolean;

/**
 * A JoinFilter evaluating `condition` on the full probe and build rows (every channel of each side
 * is handed to the filter, in channel order).
 */
export function joinFilter(
  probeTypes: readonly Type[],
  buildTypes: readonly Type[],
  condition: PairCondition,
): JoinFilter {
  const probeChannels = probeTypes.map((_, i) => i);
  const buildChannels = buildTypes.map((_, i) => i);
  return {
    probeChannels,
    buildChannels,
    filter(page: Page, out: Int32Array): number {
      let count = 0;
      for (let p = 0; p < page.positionCount; p++) {
        const probe = probeTypes.map((type, c) => getValue(page.blocks[c]!, type, p));
        const build = buildTypes.map((type, c) => getValue(page.blocks[probeTypes.length + c]!, type, p));
        if (condition(probe, build)) out[count++] = p;
      }
      return count;
    },
  };
}

/** Reference join by nested loops: probe outputs then build outputs, NULL keys never equal. */
export function referenceJoin(
  joinType: JoinType,
  probeRows: readonly (readonly unknown[])[],
  buildRows: readonly (readonly unknown[])[],
  probeKeys: readonly number[],
  buildKeys: readonly number[],
  probeOutputs: readonly number[],
  buildOutputs: readonly number[],
  condition?: PairCondition,
): unknown[][] {
  const result: unknown[][] = [];
  const buildMatched = new Array<boolean>(buildRows.length).fill(false);
  for (const probe of probeRows) {
    let matched = false;
    buildRows.forEach((build, b) => {
      const keysEqual = probeKeys.every(
        (k, i) => probe[k] !== null && build[buildKeys[i]!] !== null && probe[k] === build[buildKeys[i]!],
      );
      if (!keysEqual || (condition !== undefined && !condition(probe, build))) return;
      matched = true;
      buildMatched[b] = true;
      result.push([...probeOutputs.map((c) => probe[c]), ...buildOutputs.map((c) => build[c])]);
    });
    if (!matched && (joinType === 'LEFT' || joinType === 'FULL')) {
      result.push([...probeOutputs.map((c) => probe[c]), ...buildOutputs.map(() => null)]);
    }
  }
  if (joinType === 'RIGHT' || joinType === 'FULL') {
    buildRows.forEach((build, b) => {
      if (!buildMatched[b]) result.push([...probeOutputs.map(() => null), ...buildOutputs.map((c) => build[c])]);
    });
  }
  return result;
}

/** Rows in a canonical order, for comparing join results as multisets. */
export function canonical(rows: readonly (readonly unknown[])[]): string[] {
  return rows.map((row) => JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).sort();
}
