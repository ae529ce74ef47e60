/**
 * EXPLAIN ANALYZE output: after the query ran, its stages (the distributed plan's fragments, or
 * the one local stage) with, per stage, tasks, CPU, scheduled and blocked time, input and output
 * rows and bytes, peak memory and the skew of input rows across tasks; per operator (summed over
 * the stage's tasks, read from the task records' operator summaries) input and output rows and
 * bytes, CPU, wall and blocked time, peak memory and the spread of output rows across tasks; then
 * the stage's plan. VERBOSE adds one line per task. The explained statement runs as a sub-query
 * under the EXPLAIN's own query id.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { Explain } from '../../../sql/ast.js';
import { formatSql } from '../../../sql/formatter.js';
import { VARCHAR } from '../../../types/type.js';
import { formatDataSize, formatDuration, parseDataSize, parseDuration } from '../../protocol/airlift-format.js';
import type { StageSnapshot } from '../../protocol/query-state.js';
import type { StatementContext } from './statement-context.js';
import { finishWithRows } from './statement-results.js';
import { runSubQuery } from './sub-query.js';

interface OperatorTotals {
  pipelineId: number;
  operatorId: number;
  operatorType: string;
  inputRows: number;
  inputBytes: number;
  outputRows: number;
  outputBytes: number;
  cpuMs: number;
  wallMs: number;
  blockedMs: number;
  peakMemoryBytes: number;
  /** Output rows of this operator in each task. */
  perTaskOutputRows: number[];
}

type Json = Record<string, unknown>;

const duration = (value: unknown): number => (typeof value === 'string' ? parseDuration(value) : 0);
const dataSize = (value: unknown): number => (typeof value === 'string' ? parseDataSize(value) : 0);
const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

function operatorTotals(stage: StageSnapshot): OperatorTotals[] {
  const byKey = new Map<string, OperatorTotals>();
  stage.tasks.forEach((task, taskIndex) => {
    const pipelines = ((task.info.stats as Json | undefined)?.pipelines as Json[] | undefined) ?? [];
    pipelines.forEach((pipeline, pipelineIndex) => {
      const pipelineId = typeof pipeline.pipelineId === 'number' ? pipeline.pipelineId : pipelineIndex;
      for (const summary of (pipeline.operatorSummaries as Json[] | undefined) ?? []) {
        const operatorId = count(summary.operatorId);
        const key = `${pipelineId}/${operatorId}`;
        let totals = byKey.get(key);
        if (!totals) {
          totals = {
            pipelineId,
            operatorId,
            operatorType: String(summary.operatorType),
            inputRows: 0,
            inputBytes: 0,
            outputRows: 0,
            outputBytes: 0,
            cpuMs: 0,
            wallMs: 0,
            blockedMs: 0,
            peakMemoryBytes: 0,
            perTaskOutputRows: new Array<number>(stage.tasks.length).fill(0),
          };
          byKey.set(key, totals);
        }
        totals.inputRows += count(summary.inputPositions);
        totals.inputBytes += dataSize(summary.inputDataSize);
        totals.outputRows += count(summary.outputPositions);
        totals.outputBytes += dataSize(summary.outputDataSize);
        totals.cpuMs += duration(summary.addInputCpu) + duration(summary.getOutputCpu) + duration(summary.finishCpu);
        totals.wallMs +=
          duration(summary.addInputWall) + duration(summary.getOutputWall) + duration(summary.finishWall);
        totals.blockedMs += duration(summary.blockedWall);
        totals.peakMemoryBytes = Math.max(totals.peakMemoryBytes, dataSize(summary.peakUserMemoryReservation));
        totals.perTaskOutputRows[taskIndex] =
          (totals.perTaskOutputRows[taskIndex] ?? 0) + count(summary.outputPositions);
      }
    });
  });
  return [...byKey.values()].sort((a, b) => a.pipelineId - b.pipelineId || a.operatorId - b.operatorId);
}

function spread(values: readonly number[]): string {
  if (values.length <= 1) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const avg = values.reduce((s, v) => s + v, 0) / values.length;
  const skew = avg === 0 ? 1 : max / avg;
  return `min ${min}, avg ${avg.toFixed(1)}, max ${max} (skew ${skew.toFixed(2)})`;
}

function stageLines(stage: StageSnapshot, verbose: boolean, out: string[]): void {
  const figures = stage.tasks.map((t) => t.figures);
  const sum = (pick: (f: (typeof figures)[number]) => number) => figures.reduce((s, f) => s + pick(f), 0);
  const nodes = new Set(stage.tasks.map((t) => t.nodeId)).size;
  out.push(
    `Fragment ${stage.stageId} [${stage.partitioning}]  ${stage.state}, ${stage.tasks.length} task(s) on ${nodes} node(s)`,
  );
  out.push(
    `    CPU: ${formatDuration(sum((f) => f.cpuNanos) / 1e6)}, Scheduled: ${formatDuration(sum((f) => f.scheduledNanos) / 1e6)}, Blocked: ${formatDuration(sum((f) => f.blockedNanos) / 1e6)}`,
  );
  out.push(
    `    Input: ${sum((f) => f.processedInputPositions)} rows (${formatDataSize(sum((f) => f.processedInputBytes))}), Raw input: ${sum((f) => f.rawInputPositions)} rows (${formatDataSize(sum((f) => f.rawInputBytes))}), Output: ${sum((f) => f.outputPositions)} rows (${formatDataSize(sum((f) => f.outputBytes))})`,
  );
  const inputSpread = spread(figures.map((f) => f.processedInputPositions));
  if (inputSpread) out.push(`    Input rows per task: ${inputSpread}`);
  for (const filter of stage.dynamicFilters ?? []) {
    const collected =
      filter.collectionMs === undefined ? '' : `, collected after ${formatDuration(filter.collectionMs)}`;
    out.push(`    Dynamic filter ${filter.id}: ${filter.domain}${collected}`);
  }
  if (verbose) {
    for (const task of stage.tasks) {
      const f = task.figures;
      out.push(
        `    Task ${String(task.info.taskId)} on ${task.nodeId}: ${task.state}, input ${f.processedInputPositions} rows, output ${f.outputPositions} rows, CPU ${formatDuration(f.cpuNanos / 1e6)}`,
      );
    }
  }
  let pipeline = -1;
  for (const op of operatorTotals(stage)) {
    if (op.pipelineId !== pipeline) {
      pipeline = op.pipelineId;
      out.push(`    Pipeline ${pipeline}`);
    }
    const perTask = spread(op.perTaskOutputRows);
    out.push(
      `        ${op.operatorType}: input ${op.inputRows} rows (${formatDataSize(op.inputBytes)}), output ${op.outputRows} rows (${formatDataSize(op.outputBytes)}), CPU ${formatDuration(op.cpuMs)}, wall ${formatDuration(op.wallMs)}, blocked ${formatDuration(op.blockedMs)}, peak memory ${formatDataSize(op.peakMemoryBytes)}${perTask ? `, output rows per task: ${perTask}` : ''}`,
    );
  }
  if (stage.plan) {
    out.push('    Plan:');
    for (const line of stage.plan.split('\n')) if (line !== '') out.push(`        ${line}`);
  }
  out.push('');
  for (const child of stage.subStages) stageLines(child, verbose, out);
}

export interface AnalyzedRun {
  readonly queryId: string;
  readonly state: string;
  readonly elapsedMs: number;
  readonly queuedMs: number;
  readonly root: StageSnapshot | undefined;
}

export function renderExplainAnalyze(run: AnalyzedRun, verbose: boolean): string {
  const out: string[] = [];
  const stages: StageSnapshot[] = [];
  const collect = (s: StageSnapshot | undefined) => {
    if (!s) return;
    stages.push(s);
    s.subStages.forEach(collect);
  };
  collect(run.root);
  const tasks = stages.flatMap((s) => s.tasks);
  const cpuMs = tasks.reduce((sum, t) => sum + t.figures.cpuNanos, 0) / 1e6;
  const rawRows = tasks.reduce((sum, t) => sum + t.figures.rawInputPositions, 0);
  const rawBytes = tasks.reduce((sum, t) => sum + t.figures.rawInputBytes, 0);
  const outputRows = run.root?.tasks.reduce((sum, t) => sum + t.figures.outputPositions, 0) ?? 0;
  out.push(
    `Query ${run.queryId} ${run.state}: ${stages.length} stage(s), ${tasks.length} task(s) on ${new Set(tasks.map((t) => t.nodeId)).size} node(s)`,
  );
  out.push(
    `Queued: ${formatDuration(run.queuedMs)}, Elapsed: ${formatDuration(run.elapsedMs)}, CPU: ${formatDuration(cpuMs)}, Input: ${rawRows} rows (${formatDataSize(rawBytes)}), Output: ${outputRows} rows`,
  );
  out.push('');
  if (run.root) stageLines(run.root, verbose, out);
  return `${out.join('\n').trimEnd()}\n`;
}

/** Runs the explained statement, then answers its stages with the statistics they measured. */
export async function runExplainAnalyze(statement: Explain, context: StatementContext): Promise<void> {
  const query = context.query;
  const inner = statement.statement;
  if (inner.kind !== 'Query' && inner.kind !== 'Insert' && inner.kind !== 'CreateTableAsSelect') {
    throw new VivaceError('NOT_SUPPORTED', `EXPLAIN ANALYZE does not support ${inner.kind} statements`, inner.pos);
  }
  // The explained query's rows are counted, not returned; it runs under this query's id.
  const run = await runSubQuery(inner, context, { queryId: query.queryId, sql: formatSql(inner) });
  query.stages = run.stages;
  const text = renderExplainAnalyze(
    {
      queryId: query.queryId,
      state: run.state,
      elapsedMs: (run.endTime ?? Date.now()) - run.createTime,
      queuedMs: (run.startTime ?? run.createTime) - run.createTime,
      root: run.stages?.(),
    },
    statement.verbose,
  );
  finishWithRows(query, [{ name: 'Query Plan', type: VARCHAR }], [[text]]);
}
