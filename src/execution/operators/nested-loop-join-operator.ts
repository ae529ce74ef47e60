/**
 * Nested loop join (JoinNode without equi-criteria: cross joins and pure non-equi joins). The build
 * operator buffers the build side and publishes it through a JoinBridge; the probe operator pairs
 * every probe row with every build row, keeps the pairs the optional filter accepts, and emits them
 * at most OUTPUT_PAGE_ROWS per getOutput. INNER, LEFT, RIGHT and FULL joins share the hash join's
 * probe logic (join/join-probe-operator.ts) with "all build rows" as every probe row's candidates.
 */
import type { Page } from '../../data/page.js';
import type { JoinType } from '../../planner/plan-nodes.js';
import type { Type } from '../../types/type.js';
import { BuildSideOperator } from '../join/build-side-operator.js';
import type { JoinBridge } from '../join/join-bridge.js';
import { crossJoinLookup, type JoinLookup } from '../join/join-hash-table.js';
import { type JoinFilter, JoinProbeOperator } from '../join/join-probe-operator.js';
import type { OperatorContext } from '../operator-context.js';
import { RowBuffer } from '../sort/row-buffer.js';

export class NestedLoopBuildOperator extends BuildSideOperator<JoinLookup> {
  private readonly rows: RowBuffer;

  /** @param types the build input channel types */
  constructor(
    context: OperatorContext,
    bridge: JoinBridge<JoinLookup>,
    private readonly types: readonly Type[],
  ) {
    super(context, bridge);
    this.rows = new RowBuffer(types);
  }

  /** The rows, and the chain crossJoinLookup links them into (4 bytes a row, even without columns). */
  protected consume(page: Page): number {
    this.rows.add(page);
    return this.rows.retainedBytes + 4 * this.rows.positionCount;
  }

  protected sealingBytes(): number {
    return this.rows.retainedBytes + this.rows.concatenationBytes + 4 * this.rows.positionCount;
  }

  protected seal(): { value: JoinLookup; retainedBytes: number } {
    const value = crossJoinLookup(this.rows.takeConcatenated(), this.types);
    return { value, retainedBytes: value.retainedBytes };
  }
}

export class NestedLoopJoinOperator extends JoinProbeOperator {
  /**
   * @param joinType JoinNode.joinType
   * @param probeTypes the probe input channel types
   * @param probeOutputChannels probe channels to output, in order
   * @param buildOutputChannels build channels to output after them, in order
   * @param filter JoinNode.filter compiled over candidate pairs (absent for a cross join)
   */
  constructor(
    context: OperatorContext,
    bridge: JoinBridge<JoinLookup>,
    joinType: JoinType,
    probeTypes: readonly Type[],
    probeOutputChannels: readonly number[],
    buildOutputChannels: readonly number[],
    filter?: JoinFilter,
  ) {
    super(context, bridge, {
      joinType,
      probeTypes,
      probeKeyChannels: [],
      probeOutputChannels,
      buildOutputChannels,
      ...(filter === undefined ? {} : { filter }),
    });
  }
}
