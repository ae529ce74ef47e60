/**
 * The table scan's statistics: the rows and bytes its sources report, and the CPU time of page
 * sources that decode ahead asynchronously (`readTimeNanos`), which runs outside the scan's calls
 * and would otherwise be missing from the task's CPU (a Parquet scan's decoding is most of it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { float64Block } from '../../../src/data/block.js';
import type { Page } from '../../../src/data/page.js';
import { Driver } from '../../../src/execution/driver.js';
import type { CountedPageSource } from '../../../src/execution/metered-page-source.js';
import { OperatorContext } from '../../../src/execution/operator-context.js';
import { TableScanOperator } from '../../../src/execution/operators/table-scan-operator.js';
import { renderTaskStats } from '../../../src/server/task/task-stats.js';
import { CollectingSinkOperator } from '../test-operators.js';

/** A source that "decodes" 5 ms ahead of each page it hands out, as an asynchronous reader does. */
function decodingSource(pageCount: number): CountedPageSource {
  let handedOut = 0;
  return {
    completedBytes: 0,
    get completedPositions() {
      return handedOut * 2;
    },
    get readTimeNanos() {
      return Math.min(handedOut + 1, pageCount) * 5_000_000;
    },
    getNextPage(): Page | null {
      if (handedOut === pageCount) return null;
      handedOut++;
      return { positionCount: 2, blocks: [float64Block(Float64Array.from([1, 2]))] };
    },
    isFinished: () => handedOut === pageCount,
    close: () => undefined,
  };
}

describe('table scan operator', () => {
  it("counts its sources' asynchronous decoding as its CPU time, every split, once", () => {
    const scan = new TableScanOperator(OperatorContext.standalone('TableScanOperator'), () => decodingSource(3));
    scan.addSplit({ split: 1 });
    scan.addSplit({ split: 2 });
    scan.noMoreSplits();
    const driver = new Driver([scan, new CollectingSinkOperator()]);
    assert.equal(driver.process(1000).state, 'FINISHED');
    // Two splits of three pages, each decoded for 5 ms: 30 ms, whatever the calls themselves took.
    assert.equal(scan.context.stats.readWall, 30_000_000);
    assert.equal(scan.context.stats.outputPositions, 12);

    const stats = renderTaskStats({ createTime: 0, memoryReservationBytes: 0 }, [
      { pipelineId: 0, drivers: [driver], inputPipeline: true, outputPipeline: true },
    ]);
    const calls = scan.context.stats.getOutputWall + scan.context.stats.addInputWall + scan.context.stats.finishWall;
    const sinkStats = driver.operators[1]!.context.stats;
    const sinkCalls = sinkStats.getOutputWall + sinkStats.addInputWall + sinkStats.finishWall;
    assert.ok(Math.abs(stats.totals.cpuNanos - (30_000_000 + calls + sinkCalls)) < 1, 'task CPU includes the decoding');
    assert.ok(stats.totals.scheduledNanos >= 30_000_000, 'and so does its scheduled time');
    const operators = (
      stats.json.pipelines as { operatorSummaries: { operatorType: string; getOutputCpu: string }[] }[]
    )[0]!.operatorSummaries;
    const scanSummary = operators.find((o) => o.operatorType === 'TableScanOperator')!;
    assert.match(scanSummary.getOutputCpu, /^3\d\.\d\dms$/);
  });

  it('counts the decoding of a source it closes early (a LIMIT reached)', () => {
    const scan = new TableScanOperator(OperatorContext.standalone('TableScanOperator'), () => decodingSource(3));
    scan.addSplit({ split: 1 });
    assert.notEqual(scan.getOutput(), null);
    scan.close();
    // The page handed out and the one decoded ahead of it.
    assert.equal(scan.context.stats.readWall, 10_000_000);
  });
});
