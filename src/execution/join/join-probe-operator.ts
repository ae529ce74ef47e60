/**
 * The probe side of a join, shared by the hash join (LookupJoinOperator: candidates are the build
 * rows with the probe row's key) and the nested loop join (candidates are all build rows). For each
 * probe page it walks, position by position, the chain of candidate build rows and emits
 * (probe row, build row) pairs:
 *   - at most OUTPUT_PAGE_ROWS pairs per getOutput: a probe row with a million matches is resumed
 *     across calls, mid-chain;
 *   - with a JoinFilter, the candidate pairs of a batch are filtered together over a page made of
 *     the probe and build columns the filter reads;
 *   - LEFT and FULL: a probe row without any (filtered) match yields one row with NULL build columns;
 *   - RIGHT and FULL: matched build rows are marked in the bridge's visited bitmap, and the probe
 *     that finishes last emits the unmarked build rows with NULL probe columns;
 *   - INNER and RIGHT joins against an empty build side finish without reading the probe input.
 * Output columns: the probe output channels, then the build output channels.
 */

import { fail } from '../../common/invariant.js';
import type { Block } from '../../data/block.js';
import { nullBlock } from '../../data/block-builder.js';
import { copyPositions } from '../../data/block-copy.js';
import type { Page } from '../../data/page.js';
import type { JoinType } from '../../planner/plan-nodes.js';
import type { Type } from '../../types/type.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import { OUTPUT_PAGE_ROWS } from '../operators/order-by-operator.js';
import type { JoinBridge } from './join-bridge.js';
import type { JoinLookup } from './join-hash-table.js';
import { gatherNullable } from './nullable-gather.js';

/**
 * A non-equi join condition over candidate pairs. The filter receives a page whose channels are the
 * probe's `probeChannels` followed by the build's `buildChannels`, one row per candidate pair, and
 * writes the positions of the pairs that satisfy the condition into `out`, returning how many (the
 * signature of a compiled filter, expression/compiler.ts).
 */
export interface JoinFilter {
  readonly probeChannels: readonly number[];
  readonly buildChannels: readonly number[];
  readonly filter: (page: Page, out: Int32Array) => number;
}

export interface JoinProbeSpec {
  readonly joinType: JoinType;
  /** Types of the probe input channels. */
  readonly probeTypes: readonly Type[];
  /** Probe key channels in criteria order (empty for a nested loop join). */
  readonly probeKeyChannels: readonly number[];
  readonly probeOutputChannels: readonly number[];
  readonly buildOutputChannels: readonly number[];
  readonly filter?: JoinFilter;
}

/** Build rows scanned per getOutput while looking for unvisited rows. */
const UNVISITED_SCAN_ROWS = 16 * OUTPUT_PAGE_ROWS;

export class JoinProbeOperator implements Operator {
  private readonly outerProbe: boolean;
  private readonly outerBuild: boolean;
  private lookup: JoinLookup | null = null;
  private probe: Page | null = null;
  private heads = new Int32Array(0);
  /** Per probe position, whether a filtered candidate matched (outer probe joins with a filter). */
  private matched = new Uint8Array(0);
  private position = 0;
  /** The next candidate build row of `position`, −1 when its chain is exhausted. */
  private row = -1;
  private readonly pairProbe = new Int32Array(OUTPUT_PAGE_ROWS);
  private readonly pairBuild = new Int32Array(OUTPUT_PAGE_ROWS);
  private selected = new Int32Array(OUTPUT_PAGE_ROWS);
  private finishing = false;
  private reported = false;
  private released = false;
  private emittingBuild = false;
  private buildCursor = 0;
  private done = false;

  constructor(
    readonly context: OperatorContext,
    private readonly bridge: JoinBridge<JoinLookup>,
    private readonly spec: JoinProbeSpec,
  ) {
    const type = spec.joinType;
    this.outerProbe = type === 'LEFT' || type === 'FULL';
    this.outerBuild = type === 'RIGHT' || type === 'FULL';
    bridge.registerProbe();
  }

  private get table(): JoinLookup | null {
    if (this.lookup === null && this.bridge.isBuilt) this.lookup = this.bridge.buildSide;
    return this.lookup;
  }

  /** INNER and RIGHT joins with an empty build side produce nothing from probe rows. */
  private get probeIsUseless(): boolean {
    const table = this.table;
    return table !== null && table.page.positionCount === 0 && !this.outerProbe;
  }

  isBlocked(): Promise<void> | undefined {
    return this.bridge.isBuilt ? undefined : this.bridge.built;
  }

  needsInput(): boolean {
    return this.table !== null && !this.finishing && this.probe === null && !this.probeIsUseless;
  }

  addInput(page: Page): void {
    const table = this.table ?? fail('a join probe takes input only once its build side is ready');
    const count = page.positionCount;
    if (count === 0 || this.probeIsUseless) return;
    if (this.heads.length < count) {
      this.heads = new Int32Array(count);
      this.matched = new Uint8Array(count);
    } else {
      this.matched.fill(0, 0, count);
    }
    const keys: Block[] = this.spec.probeKeyChannels.map((channel) => page.blocks[channel]);
    table.findHeads(keys, count, this.heads);
    this.probe = page;
    this.position = 0;
    this.row = this.heads[0];
    this.context.memory.setBytes(this.heads.byteLength + this.matched.byteLength);
  }

  getOutput(): Page | null {
    const lookup = this.table;
    if (lookup === null || this.done) return null;
    const probe = this.probe;
    if (probe === null && this.probeIsUseless) this.reportFinished();
    if (probe !== null) {
      const filter = this.spec.filter;
      const page =
        filter === undefined ? this.probeUnfiltered(probe, lookup) : this.probeFiltered(probe, lookup, filter);
      if (this.position >= probe.positionCount) {
        this.probe = null;
        if (this.finishing) this.reportFinished();
      }
      return page;
    }
    if (this.emittingBuild) return this.emitUnvisitedBuildRows(lookup);
    return null;
  }

  /** Candidate pairs without a filter: every candidate matches. */
  private probeUnfiltered(probe: Page, lookup: JoinLookup): Page | null {
    const count = probe.positionCount;
    const next = lookup.next;
    const heads = this.heads;
    const pairProbe = this.pairProbe;
    const pairBuild = this.pairBuild;
    const outerProbe = this.outerProbe;
    let position = this.position;
    let row = this.row;
    let n = 0;
    while (position < count) {
      if (row !== -1) {
        if (n === OUTPUT_PAGE_ROWS) break;
        pairProbe[n] = position;
        pairBuild[n++] = row;
        row = next[row];
        continue;
      }
      // The chain of `position` is exhausted, or it had no candidate at all.
      if (outerProbe && heads[position] === -1) {
        if (n === OUTPUT_PAGE_ROWS) break;
        pairProbe[n] = position;
        pairBuild[n++] = -1;
      }
      position++;
      if (position < count) row = heads[position];
    }
    this.position = position;
    this.row = row;
    if (this.outerBuild) this.markVisited(lookup, n);
    return n === 0 ? null : this.buildPage(probe, lookup, n);
  }

  /** Candidate pairs filtered in one batch; unmatched probe rows of an outer join are added after. */
  private probeFiltered(probe: Page, lookup: JoinLookup, filter: JoinFilter): Page | null {
    const count = probe.positionCount;
    const next = lookup.next;
    const heads = this.heads;
    const pairProbe = this.pairProbe;
    const pairBuild = this.pairBuild;
    // An outer probe join reserves an output row for each probe row completed in this batch.
    const reserve = this.outerProbe ? 1 : 0;
    const batchStart = this.position;
    let position = batchStart;
    let row = this.row;
    let n = 0;
    while (position < count) {
      if (n + reserve * (position - batchStart + 1) >= OUTPUT_PAGE_ROWS) break;
      if (row !== -1) {
        pairProbe[n] = position;
        pairBuild[n++] = row;
        row = next[row];
        continue;
      }
      position++;
      if (position < count) row = heads[position];
    }
    this.position = position;
    this.row = row;
    let kept = n === 0 ? 0 : this.applyFilter(probe, lookup, filter, n);
    if (this.outerProbe) {
      const matched = this.matched;
      for (let i = 0; i < kept; i++) matched[pairProbe[i]] = 1;
      for (let p = batchStart; p < position; p++) {
        if (matched[p] === 0) {
          pairProbe[kept] = p;
          pairBuild[kept++] = -1;
        }
      }
    }
    if (this.outerBuild) this.markVisited(lookup, kept);
    return kept === 0 ? null : this.buildPage(probe, lookup, kept);
  }

  /** Filters the first n pairs in place; returns how many remain. */
  private applyFilter(probe: Page, lookup: JoinLookup, filter: JoinFilter, n: number): number {
    const build = lookup.page;
    const blocks: Block[] = [];
    for (const channel of filter.probeChannels) blocks.push(copyPositions(probe.blocks[channel], this.pairProbe, n));
    for (const channel of filter.buildChannels) blocks.push(copyPositions(build.blocks[channel], this.pairBuild, n));
    const kept = filter.filter({ positionCount: n, blocks }, this.selected);
    if (kept === n) return n;
    const selected = this.selected;
    for (let i = 0; i < kept; i++) {
      const from = selected[i];
      this.pairProbe[i] = this.pairProbe[from];
      this.pairBuild[i] = this.pairBuild[from];
    }
    return kept;
  }

  private markVisited(lookup: JoinLookup, n: number): void {
    const visited = this.bridge.visitedRows(lookup.page.positionCount);
    const pairBuild = this.pairBuild;
    for (let i = 0; i < n; i++) {
      const row = pairBuild[i];
      if (row >= 0) visited[row] = 1;
    }
  }

  private buildPage(probe: Page, lookup: JoinLookup, n: number): Page {
    const blocks: Block[] = [];
    for (const channel of this.spec.probeOutputChannels)
      blocks.push(copyPositions(probe.blocks[channel], this.pairProbe, n));
    for (const channel of this.spec.buildOutputChannels) {
      blocks.push(gatherNullable(lookup.page.blocks[channel], lookup.types[channel], this.pairBuild, n));
    }
    return { positionCount: n, blocks };
  }

  /** RIGHT and FULL, last probe: the build rows no probe matched, with NULL probe columns. */
  private emitUnvisitedBuildRows(lookup: JoinLookup): Page | null {
    const rows = lookup.page.positionCount;
    const visited = this.bridge.visitedRows(rows);
    const positions = this.pairBuild;
    const scanEnd = Math.min(rows, this.buildCursor + UNVISITED_SCAN_ROWS);
    let cursor = this.buildCursor;
    let n = 0;
    for (; cursor < scanEnd && n < OUTPUT_PAGE_ROWS; cursor++) if (visited[cursor] === 0) positions[n++] = cursor;
    this.buildCursor = cursor;
    if (cursor === rows) this.complete();
    if (n === 0) return null;
    const blocks: Block[] = [];
    for (const channel of this.spec.probeOutputChannels) blocks.push(nullBlock(this.spec.probeTypes[channel], n));
    for (const channel of this.spec.buildOutputChannels)
      blocks.push(copyPositions(lookup.page.blocks[channel], positions, n));
    return { positionCount: n, blocks };
  }

  finish(): void {
    if (this.finishing) return;
    this.finishing = true;
    if (this.probe === null && this.table !== null) this.reportFinished();
  }

  private reportFinished(): void {
    if (this.reported) return;
    this.reported = true;
    const last = this.bridge.probeFinished();
    const lookup = this.lookup;
    if (last && this.outerBuild && lookup !== null && lookup.page.positionCount > 0) {
      this.emittingBuild = true;
      this.buildCursor = 0;
    } else {
      this.complete();
    }
  }

  private complete(): void {
    this.done = true;
    this.emittingBuild = false;
    this.release();
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.probe = null;
    this.context.memory.setBytes(0);
    this.bridge.releaseProbe();
  }

  isFinished(): boolean {
    if (!this.done && this.table !== null && this.probe === null && (this.finishing || this.probeIsUseless)) {
      this.reportFinished();
    }
    return this.done && !this.emittingBuild;
  }

  close(): void {
    this.release();
  }
}
