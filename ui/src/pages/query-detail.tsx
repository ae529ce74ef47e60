/**
 * One query: `GET /v1/query/{id}` every second until the query is done. Shows the SQL with
 * highlighting and the failing position marked, the error, session, timings, resource use, the
 * stage tree as a graph with the selected stage's tasks, operator statistics with the slowest
 * highlighted, the full JSON, and Kill (with a confirmation step) → `DELETE /v1/query/{id}`.
 * Whatever the record leaves out is simply not shown.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { usePoll } from '../api.js';
import { ProgressBar } from '../components/progress-bar.js';
import { SqlEditor } from '../components/sql-editor.js';
import { StageGraph } from '../components/stage-graph.js';
import {
  formatBytes,
  formatClock,
  formatCount,
  formatDuration,
  parseDataSize,
  parseDuration,
  parseTime,
} from '../format.js';
import {
  ACTIVE_STATES,
  failureOf,
  flattenStages,
  type Json,
  operatorRows,
  slowestOperators,
  stageTree,
  summarizeQuery,
} from '../query-model.js';

function Field({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value === undefined || value === '' ? '–' : value}</dd>
    </>
  );
}

function KillButton({ queryId, active }: { queryId: string; active: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Keyboard users land on the confirmation, as a dialog would put them.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  if (!active) return null;
  const kill = async () => {
    setConfirming(false);
    setStatus('Killing…');
    const response = await fetch(`/v1/query/${encodeURIComponent(queryId)}`, { method: 'DELETE' }).catch(
      (error: Error) => error,
    );
    setStatus(
      response instanceof Error
        ? `Kill failed: ${response.message}`
        : response.ok
          ? 'Kill requested'
          : `Kill failed: HTTP ${response.status}`,
    );
  };
  return (
    <div class="kill">
      {!confirming && (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          Kill
        </button>
      )}
      {confirming && (
        <div role="alertdialog" aria-label="Confirm kill" class="confirm">
          <span>Kill this query?</span>
          <button type="button" class="danger" onClick={kill} ref={confirmButton}>
            Yes, kill it
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep running
          </button>
        </div>
      )}
      {status && (
        <span class="muted" role="status">
          {status}
        </span>
      )}
    </div>
  );
}

export function QueryDetailPage({ queryId }: { queryId: string }) {
  const polled = usePoll<Json>(
    `/v1/query/${encodeURIComponent(queryId)}`,
    1000,
    (info) => !ACTIVE_STATES.has(String(info?.state)),
  );
  const [selectedStage, setSelectedStage] = useState<string | undefined>(undefined);
  const [showJson, setShowJson] = useState(false);
  const info = polled.data;
  const summary = useMemo(() => (info ? summarizeQuery(info) : undefined), [info]);
  const failure = useMemo(() => (info ? failureOf(info) : undefined), [info]);
  const root = useMemo(() => stageTree(info?.outputStage), [info]);
  const stages = useMemo(() => flattenStages(root), [root]);
  const operators = useMemo(() => (info ? operatorRows(info) : []), [info]);
  const slowest = useMemo(() => slowestOperators(operators), [operators]);

  if (!info) {
    return (
      <section>
        <h1>Query {queryId}</h1>
        {polled.error ? (
          <p class="notice notice-error">Query record unavailable: {polled.error.message}</p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </section>
    );
  }
  const stats = info.queryStats ?? {};
  const session = info.session ?? {};
  const stage = stages.find((s) => s.stageId === selectedStage) ?? stages[0];
  const active = ACTIVE_STATES.has(String(info.state));

  return (
    <section aria-labelledby="query-title">
      <div class="title-row">
        <h1 id="query-title" class="mono">
          {queryId}
        </h1>
        <ProgressBar state={summary!.state} progress={summary!.progress} />
        <KillButton queryId={queryId} active={active} />
      </div>
      {polled.error && <p class="notice notice-error">Refresh failed: {polled.error.message}</p>}
      {failure && (
        <div class="notice notice-error" data-testid="query-error">
          <strong>{failure.name ?? 'Failed'}</strong>
          {failure.type ? ` (${failure.type})` : ''}: {failure.message}
          {failure.position && (
            <span class="error-position">
              {' '}
              at line {failure.position.line}, column {failure.position.column}
            </span>
          )}
        </div>
      )}
      {summary!.warnings.map((warning) => (
        <p key={warning.name} class="notice notice-warning" data-testid="query-warning">
          <strong>{warning.name}</strong>: {warning.message}
        </p>
      ))}
      <h2>SQL</h2>
      <SqlEditor value={summary!.sql} readOnly={true} errorPosition={failure?.position} label="Query SQL" />

      <div class="panels">
        <div class="panel">
          <h2>Session</h2>
          <dl>
            <Field label="User" value={session.user} />
            <Field label="Source" value={session.source} />
            <Field label="Catalog" value={session.catalog} />
            <Field label="Schema" value={session.schema} />
            <Field label="Client address" value={session.remoteUserAddress} />
            <Field label="User agent" value={session.userAgent} />
          </dl>
        </div>
        <div class="panel">
          <h2>Timings</h2>
          <dl>
            <Field label="Created" value={formatClock(parseTime(stats.createTime))} />
            <Field label="Execution started" value={formatClock(parseTime(stats.executionStartTime))} />
            <Field label="Ended" value={formatClock(parseTime(stats.endTime))} />
            <Field label="Queued" value={formatDuration(parseDuration(stats.queuedTime))} />
            <Field label="Planning" value={formatDuration(parseDuration(stats.analysisTime ?? stats.planningTime))} />
            <Field label="Execution" value={formatDuration(parseDuration(stats.executionTime))} />
            <Field label="Elapsed" value={formatDuration(summary!.elapsedMs)} />
          </dl>
        </div>
        <div class="panel">
          <h2>Resources</h2>
          <dl>
            <Field label="CPU" value={formatDuration(parseDuration(stats.totalCpuTime))} />
            <Field label="Scheduled" value={formatDuration(parseDuration(stats.totalScheduledTime))} />
            <Field label="Blocked" value={formatDuration(parseDuration(stats.totalBlockedTime))} />
            <Field label="Memory" value={formatBytes(summary!.memoryBytes)} />
            <Field
              label="Input"
              value={`${formatCount(stats.rawInputPositions)} rows · ${formatBytes(parseDataSize(stats.rawInputDataSize))}`}
            />
            <Field
              label="Output"
              value={`${formatCount(stats.outputPositions)} rows · ${formatBytes(parseDataSize(stats.outputDataSize))}`}
            />
            <Field
              label="Tasks"
              value={
                stats.totalTasks === undefined
                  ? undefined
                  : `${stats.completedTasks ?? 0}/${stats.totalTasks} done, ${stats.runningTasks ?? 0} running`
              }
            />
            <Field
              label="Drivers"
              value={
                stats.totalDrivers === undefined
                  ? undefined
                  : `${stats.completedDrivers ?? 0}/${stats.totalDrivers} done, ${stats.runningDrivers ?? 0} running`
              }
            />
          </dl>
        </div>
      </div>

      <h2>Stages</h2>
      {root ? (
        <div class="stage-area" data-testid="stage-tree">
          <div class="graph-scroll">
            <StageGraph root={root} selected={stage?.stageId} onSelect={setSelectedStage} />
          </div>
          {stage && (
            <div class="table-wrap">
              <h3>Tasks of stage {stage.stageId}</h3>
              <table class="data-table" aria-label={`Tasks of stage ${stage.stageId}`}>
                <thead>
                  <tr>
                    <th scope="col">Task</th>
                    <th scope="col">Node</th>
                    <th scope="col">State</th>
                    <th scope="col">Splits (done/running/total)</th>
                    <th scope="col">Rows</th>
                    <th scope="col">Bytes</th>
                    <th scope="col">Elapsed</th>
                    <th scope="col">CPU</th>
                  </tr>
                </thead>
                <tbody>
                  {stage.tasks.map((task) => (
                    <tr key={task.taskId}>
                      <td class="mono">{task.taskId}</td>
                      <td class="mono">{task.node || '–'}</td>
                      <td>{task.state}</td>
                      <td class="num">
                        {formatCount(task.completedSplits)}/{formatCount(task.runningSplits)}/
                        {formatCount(task.totalSplits)}
                      </td>
                      <td class="num">{formatCount(task.rows)}</td>
                      <td class="num">{formatBytes(task.bytes)}</td>
                      <td class="num">{formatDuration(task.elapsedMs)}</td>
                      <td class="num">{formatDuration(task.cpuMs)}</td>
                    </tr>
                  ))}
                  {stage.tasks.length === 0 && (
                    <tr>
                      <td colSpan={8} class="muted">
                        No tasks reported for this stage.
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : (
        <p class="muted" data-testid="no-stages">
          The query record has no stage tree (the query ran in the coordinator's process
          {active ? ' or is not planned yet' : ''}).
        </p>
      )}

      <h2>Operators</h2>
      {operators.length > 0 ? (
        <div class="table-wrap" data-testid="operator-stats">
          <table class="data-table" aria-label="Operator statistics">
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">Pipeline</th>
                <th scope="col">Operator</th>
                <th scope="col">Wall</th>
                <th scope="col">CPU</th>
                <th scope="col">Blocked</th>
                <th scope="col">Input rows</th>
                <th scope="col">Input bytes</th>
                <th scope="col">Output rows</th>
                <th scope="col">Output bytes</th>
                <th scope="col">Memory</th>
              </tr>
            </thead>
            <tbody>
              {operators.map((op) => (
                <tr
                  key={op.key}
                  class={slowest.has(op.key) ? 'row-slow' : undefined}
                  data-slow={slowest.has(op.key) ? 'true' : undefined}
                >
                  <td class="mono">{op.stageId}</td>
                  <td class="num">{op.pipelineId ?? '–'}</td>
                  <td>
                    {op.operatorType}
                    {slowest.has(op.key) && <span class="badge badge-slow">slow</span>}
                  </td>
                  <td class="num">{formatDuration(op.wallMs)}</td>
                  <td class="num">{formatDuration(op.cpuMs)}</td>
                  <td class="num">{formatDuration(op.blockedMs)}</td>
                  <td class="num">{formatCount(op.inputRows)}</td>
                  <td class="num">{formatBytes(op.inputBytes)}</td>
                  <td class="num">{formatCount(op.outputRows)}</td>
                  <td class="num">{formatBytes(op.outputBytes)}</td>
                  <td class="num">{formatBytes(op.memoryBytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted" data-testid="no-operators">
          The query record has no operator statistics.
        </p>
      )}

      <h2>
        <button type="button" class="link" aria-expanded={showJson} onClick={() => setShowJson(!showJson)}>
          {showJson ? '▾' : '▸'} Full JSON
        </button>
      </h2>
      {showJson && (
        <pre class="json" data-testid="query-json">
          {JSON.stringify(info, null, 2)}
        </pre>
      )}
    </section>
  );
}
