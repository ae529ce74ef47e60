/**
 * Per-operator statistics and memory, in the shape of the task resource's operator summaries
 * (spec §2.3): call counts, wall and CPU time per method, input/output positions and sizes,
 * blocked time, memory reservation. The driver records timings around each call; operators
 * record nothing themselves except their memory.
 */
import { type LocalMemoryContext, QueryMemoryPool } from './memory-context.js';

export class OperatorStats {
  addInputCalls = 0;
  getOutputCalls = 0;
  finishCalls = 0;
  /** Nanoseconds. */
  addInputWall = 0;
  getOutputWall = 0;
  finishWall = 0;
  blockedWall = 0;
  /**
   * Time a scan's page sources spent decoding outside the scan's calls (asynchronous readers,
   * `ConnectorPageSource.readTimeNanos`): part of the scan's CPU, reported with its getOutput time.
   */
  readWall = 0;
  inputPositions = 0;
  inputDataSize = 0;
  outputPositions = 0;
  outputDataSize = 0;
  /** Rows/bytes read from a connector (table scans), before filtering. */
  rawInputPositions = 0;
  rawInputDataSize = 0;

  /** Adds another driver's figures for the same operator (pipeline summaries). */
  merge(other: OperatorStats): void {
    for (const key of Object.keys(this) as (keyof OperatorStats)[]) {
      const value = this[key];
      if (typeof value === 'number') (this as unknown as Record<string, number>)[key] = value + (other[key] as number);
    }
  }
}

export class OperatorContext {
  readonly stats = new OperatorStats();

  constructor(
    readonly operatorId: number,
    readonly operatorType: string,
    readonly memory: LocalMemoryContext,
    /** Set when the query is cancelled or fails; long loops inside an operator check it. */
    readonly isCancelled: () => boolean = () => false,
  ) {}

  /** A context outside any query, for tests and benchmarks. */
  static standalone(operatorType = 'TestOperator', limitBytes = Number.POSITIVE_INFINITY): OperatorContext {
    const pool = new QueryMemoryPool('standalone', limitBytes);
    return new OperatorContext(0, operatorType, pool.newLocalContext(operatorType));
  }
}
