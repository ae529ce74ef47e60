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

/*
 * The loops over candidate pairs are module-level functions over typed arrays and numbers only.
 * V8 compiles a long loop on the stack (on-stack replacement) and keeps that code for the loop's
 * next entry even after it deoptimizes; inside a method, that code also checks the maps of the
 * operator's lookup and pages, and a join whose lookup had another shape deoptimized on every page
 * (TPC-H q07 on one worker of two: 1,054 times in five runs). These functions meet no maps.
 */

/**
 * Pairs (probe position, candidate build row) from `walk` = [position, row] on, into `pairProbe`
 * and `pairBuild`. `unmatchedInline` (an outer probe join without a filter) also pairs a position
 * without any candidate with −1, in order; `reserve` leaves room for that many output rows per
 * probe position completed (an outer probe join with a filter adds its unmatched rows after the
 * filter, `addUnmatchedProbeRows`). Stops when the output page is full or the probe page ends;
 * leaves in `walk` where it stopped and returns the pairs written.
 */
function candidatePairs(
  next: Int32Array,
  heads: Int32Array,
  count: number,
  unmatchedInline: boolean,
  reserve: number,
  pairProbe: Int32Array,
  pairBuild: Int32Array,
  walk: Int32Array,
): number {
  const batchStart = walk[0] as number;
  let position = batchStart;
  let row = walk[1] as number;
  let n = 0;
  while (position < count) {
    if (n + reserve * (position - batchStart + 1) >= OUTPUT_PAGE_ROWS) break;
    if (row !== -1) {
      pairProbe[n] = position;
      pairBuild[n++] = row;
      row = next[row] as number;
      continue;
    }
    // The chain of `position` is exhausted, or it had no candidate at all.
    if (unmatchedInline && heads[position] === -1) {
      pairProbe[n] = position;
      pairBuild[n++] = -1;
    }
    position++;
    if (position < count) row = heads[position] as number;
  }
  walk[0] = position;
  walk[1] = row;
  return n;
}

/**
 * After a filtered batch of probe positions [from, to): marks the positions of the `kept` pairs
 * as matched and pairs every position still unmatched with −1; returns the pairs in all.
 */
function addUnmatchedProbeRows(
  matched: Uint8Array,
  pairProbe: Int32Array,
  pairBuild: Int32Array,
  kept: number,
  from: number,
  to: number,
): number {
  let pairs = kept;
  for (let i = 0; i < kept; i++) matched[pairProbe[i] as number] = 1;
  for (let p = from; p < to; p++) {
    if (matched[p] === 0) {
      pairProbe[pairs] = p;
      pairBuild[pairs++] = -1;
    }
  }
  return pairs;
}

/** The build rows in [from, end) not marked in `visited`, at most OUTPUT_PAGE_ROWS, into `positions`; returns how many. */
function unvisitedRows(visited: Uint8Array, from: number, end: number, positions: Int32Array): number {
  let n = 0;
  for (let row = from; row < end && n < OUTPUT_PAGE_ROWS; row++) if (visited[row] === 0) positions[n++] = row;
  return n;
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
  /**
   * Where the walk over the probe page stands: [0] the probe position, [1] its next candidate
   * build row, −1 when its chain is exhausted (the pair walks advance it in place).
   */
  private readonly walk = Int32Array.of(0, -1);
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
    this.walk[0] = 0;
    this.walk[1] = this.heads[0] as number;
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
      if ((this.walk[0] as number) >= probe.positionCount) {
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
    const n = candidatePairs(
      lookup.next,
      this.heads,
      probe.positionCount,
      this.outerProbe,
      0,
      this.pairProbe,
      this.pairBuild,
      this.walk,
    );
    if (this.outerBuild) this.markVisited(lookup, n);
    return n === 0 ? null : this.buildPage(probe, lookup, n);
  }

  /** Candidate pairs filtered in one batch; unmatched probe rows of an outer join are added after. */
  private probeFiltered(probe: Page, lookup: JoinLookup, filter: JoinFilter): Page | null {
    const batchStart = this.walk[0] as number;
    // An outer probe join reserves an output row for each probe row completed in this batch.
    const reserve = this.outerProbe ? 1 : 0;
    const n = candidatePairs(
      lookup.next,
      this.heads,
      probe.positionCount,
      false,
      reserve,
      this.pairProbe,
      this.pairBuild,
      this.walk,
    );
    const position = this.walk[0] as number;
    let kept = n === 0 ? 0 : this.applyFilter(probe, lookup, filter, n);
    if (this.outerProbe) {
      kept = addUnmatchedProbeRows(this.matched, this.pairProbe, this.pairBuild, kept, batchStart, position);
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
    const n = unvisitedRows(visited, this.buildCursor, scanEnd, positions);
    // Stopped after its last row when the page filled up, else at the end of the scan.
    const cursor = n === OUTPUT_PAGE_ROWS ? (positions[n - 1] as number) + 1 : scanEnd;
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
