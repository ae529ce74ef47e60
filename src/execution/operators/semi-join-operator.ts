/**
 * Hash semi join (SemiJoinNode): `source` rows with a boolean appended saying whether their key is
 * in the filtering source, with SQL IN semantics:
 *   - true when the key is found;
 *   - NULL when it is not found and the key is NULL or the filtering set contains a NULL (unknown);
 *   - false otherwise, and always false against an empty filtering source (even for a NULL key).
 * SetBuilderOperator collects the filtering keys (hash/semi-join-keys.ts: bits over their span for
 * integer keys, else a GroupByHash) and publishes the set through a JoinBridge;
 * HashSemiJoinOperator is blocked until then and streams the source pages.
 */
import { booleanBlock } from '../../data/block.js';
import { isNull } from '../../data/block-values.js';
import { appendChannels, type Page } from '../../data/page.js';
import type { Type } from '../../types/type.js';
import { createSemiJoinKeys, type SemiJoinKeys } from '../hash/semi-join-keys.js';
import { BuildSideOperator } from '../join/build-side-operator.js';
import type { JoinBridge } from '../join/join-bridge.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';

/** The filtering side of a semi join. */
export interface FilteringSet {
  readonly keys: SemiJoinKeys;
  readonly containsNull: boolean;
  /** Rows of the filtering source, NULLs included. */
  readonly rowCount: number;
}

export class SetBuilderOperator extends BuildSideOperator<FilteringSet> {
  private readonly keys: SemiJoinKeys;
  private containsNull = false;
  private rows = 0;
  private groupIds = new Int32Array(0);

  /**
   * @param filteringKeyChannel SemiJoinNode.filteringKey's channel
   * @param filteringKeyType its type
   */
  constructor(
    context: OperatorContext,
    bridge: JoinBridge<FilteringSet>,
    private readonly filteringKeyChannel: number,
    filteringKeyType: Type,
  ) {
    super(context, bridge);
    this.keys = createSemiJoinKeys(filteringKeyType);
  }

  protected consume(page: Page): number {
    const count = page.positionCount;
    if (this.groupIds.length < count) this.groupIds = new Int32Array(count);
    const block = page.blocks[this.filteringKeyChannel];
    this.keys.add(block, count, this.groupIds);
    if (!this.containsNull) {
      const groupIds = this.groupIds;
      for (let i = 0; i < count; i++) {
        if (groupIds[i] < 0) {
          this.containsNull = true;
          break;
        }
      }
    }
    this.rows += count;
    return this.keys.retainedBytes;
  }

  protected sealingBytes(): number {
    return this.keys.retainedBytes;
  }

  protected seal(): { value: FilteringSet; retainedBytes: number } {
    this.groupIds = new Int32Array(0);
    return {
      value: { keys: this.keys, containsNull: this.containsNull, rowCount: this.rows },
      retainedBytes: this.keys.retainedBytes,
    };
  }
}

export class HashSemiJoinOperator implements Operator {
  private output: Page | null = null;
  private groupIds = new Int32Array(0);
  private finishing = false;
  private released = false;

  /** @param sourceKeyChannel SemiJoinNode.sourceKey's channel (the result is appended as the last channel) */
  constructor(
    readonly context: OperatorContext,
    private readonly bridge: JoinBridge<FilteringSet>,
    private readonly sourceKeyChannel: number,
  ) {
    bridge.registerProbe();
  }

  isBlocked(): Promise<void> | undefined {
    return this.bridge.isBuilt ? undefined : this.bridge.built;
  }

  needsInput(): boolean {
    return this.bridge.isBuilt && !this.finishing && this.output === null;
  }

  addInput(page: Page): void {
    const set = this.bridge.buildSide;
    const count = page.positionCount;
    const values = new Uint8Array(count);
    let nulls: Uint8Array | undefined;
    if (set.rowCount > 0) {
      if (this.groupIds.length < count) this.groupIds = new Int32Array(count);
      const groupIds = this.groupIds;
      const key = page.blocks[this.sourceKeyChannel];
      set.keys.lookup(key, count, groupIds);
      for (let i = 0; i < count; i++) {
        if (groupIds[i] >= 0) values[i] = 1;
        else if (set.containsNull || isNull(key, i)) (nulls ??= new Uint8Array(count))[i] = 1;
      }
    }
    this.output = appendChannels(page, [booleanBlock(values, nulls)]);
  }

  getOutput(): Page | null {
    const page = this.output;
    this.output = null;
    if (this.finishing && this.output === null) this.release();
    return page;
  }

  finish(): void {
    this.finishing = true;
    if (this.output === null) this.release();
  }

  isFinished(): boolean {
    return this.finishing && this.output === null;
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.bridge.probeFinished();
    this.bridge.releaseProbe();
  }

  close(): void {
    this.output = null;
    this.release();
  }
}
