/**
 * The build side of a hash join (JoinNode's right side): links each build row into the chain of its
 * key as pages arrive (join/join-hash-table.ts), buffers the rows, and when the input ends
 * concatenates them and publishes the table to the probe operators through the JoinBridge. Rows
 * with a NULL key are kept (RIGHT and FULL joins emit them unmatched) but match nothing.
 */
import type { Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { BuildSideOperator } from '../join/build-side-operator.js';
import type { JoinBridge } from '../join/join-bridge.js';
import { JoinHashTableBuilder, type JoinLookup } from '../join/join-hash-table.js';
import type { OperatorContext } from '../operator-context.js';
import { RowBuffer } from '../sort/row-buffer.js';

/** How long one call may spend linking build rows before the driver gets control back. */
const LINK_SLICE_MS = 5;

export class HashBuilderOperator extends BuildSideOperator<JoinLookup> {
  private readonly rows: RowBuffer;
  private readonly table: JoinHashTableBuilder;

  /**
   * @param types the build input channel types (all are kept; probes choose their outputs)
   * @param hashChannels the build key channels, in criteria order (JoinNode.criteria[i].right)
   * @param expectedRows sizing hint for the hash table
   */
  constructor(
    context: OperatorContext,
    bridge: JoinBridge<JoinLookup>,
    types: readonly Type[],
    hashChannels: readonly number[],
    expectedRows?: number,
  ) {
    super(context, bridge);
    this.rows = new RowBuffer(types);
    this.table = new JoinHashTableBuilder(types, hashChannels, expectedRows);
  }

  protected consume(page: Page): number {
    this.rows.add(page);
    this.table.addPage(page);
    return this.rows.retainedBytes + this.table.projectedBytes;
  }

  protected sealingBytes(): number {
    return this.rows.retainedBytes + this.rows.concatenationBytes + this.table.projectedBytes;
  }

  /** Links the build rows a few pages per call (see JoinHashTableBuilder.linkSome), then seals. */
  protected override sealStep(): { value: JoinLookup; retainedBytes: number } | undefined {
    const linked = this.table.linkSome(performance.now() + LINK_SLICE_MS);
    // A table that grew past its projection (more groups than its first sizing) is accounted as it is.
    const actual = this.rows.retainedBytes + this.rows.concatenationBytes + this.table.retainedBytes;
    if (actual > this.context.memory.reservedBytes) this.context.memory.setBytes(actual);
    if (!linked) return undefined;
    return this.seal();
  }

  protected seal(): { value: JoinLookup; retainedBytes: number } {
    const value = this.table.seal(this.rows.takeConcatenated());
    return { value, retainedBytes: value.retainedBytes };
  }
}
