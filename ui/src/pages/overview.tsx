/**
 * Cluster overview: query and worker counts from `GET /v1/cluster`, live charts of the last five
 * minutes (rates derived from successive cumulative counters), the query list with the running
 * queries first (as Trino's UI opens), and the nodes — the workers the failure detector knows, or
 * the coordinator alone when the cluster has no workers.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { usePoll } from '../api.js';
import { TimeSeriesChart } from '../components/time-series-chart.js';
import { formatBytes, formatCount } from '../format.js';
import type { Json } from '../query-model.js';
import { QueryList } from './query-list.js';
import { coordinatorRowOf, NodeTable } from './workers.js';

export interface ClusterSummary {
  readonly runningQueries: number;
  readonly blockedQueries: number;
  readonly queuedQueries: number;
  readonly finishedQueries: number;
  readonly failedQueries: number;
  readonly activeWorkers: number;
  readonly failedWorkers: number;
  readonly runningDrivers: number;
  readonly totalAvailableProcessors: number;
  readonly reservedMemory: number;
  readonly totalInputRows: number;
  readonly totalInputBytes: number;
  readonly totalCpuTimeSecs: number;
  readonly sampleTime: number;
}

/** Five minutes of one-second samples. */
const HISTORY = 300;

interface History {
  readonly times: number[];
  readonly rows: (number | null)[];
  readonly bytes: (number | null)[];
  readonly cpu: (number | null)[];
  readonly memory: (number | null)[];
  readonly drivers: (number | null)[];
}

function emptyHistory(): History {
  return { times: [], rows: [], bytes: [], cpu: [], memory: [], drivers: [] };
}

/** Appends one sample; rates come from the difference with the previous summary. */
export function appendSample(history: History, previous: ClusterSummary | undefined, current: ClusterSummary): History {
  const seconds = previous ? (current.sampleTime - previous.sampleTime) / 1000 : 0;
  const rate = (now: number, before: number | undefined) =>
    previous && seconds > 0 && before !== undefined ? Math.max(0, (now - before) / seconds) : null;
  const push = <T,>(values: T[], value: T) => [...values.slice(-(HISTORY - 1)), value];
  return {
    times: push(history.times, current.sampleTime / 1000),
    rows: push(history.rows, rate(current.totalInputRows, previous?.totalInputRows)),
    bytes: push(history.bytes, rate(current.totalInputBytes, previous?.totalInputBytes)),
    cpu: push(history.cpu, rate(current.totalCpuTimeSecs, previous?.totalCpuTimeSecs)),
    memory: push(history.memory, current.reservedMemory),
    drivers: push(history.drivers, current.runningDrivers),
  };
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div class={`stat${tone ? ` stat-${tone}` : ''}`}>
      <span class="stat-value">{value}</span>
      <span class="stat-label">{label}</span>
    </div>
  );
}

export function OverviewPage() {
  const summary = usePoll<ClusterSummary>('/v1/cluster', 1000);
  const nodes = usePoll<Json[]>('/v1/node', 2000);
  const failed = usePoll<Json[]>('/v1/node/failed', 2000);
  const info = usePoll<Json>('/v1/info', 5000);
  const [history, setHistory] = useState<History>(emptyHistory);
  const previous = useRef<ClusterSummary | undefined>(undefined);

  useEffect(() => {
    const current = summary.data;
    if (!current || current.sampleTime === previous.current?.sampleTime) return;
    setHistory((h) => appendSample(h, previous.current, current));
    previous.current = current;
  }, [summary.data]);

  const s = summary.data;
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Cluster overview</h1>
      {summary.error && <p class="notice notice-error">Cluster summary unavailable: {summary.error.message}</p>}
      <div class="stats" data-testid="cluster-stats">
        <Stat label="Running queries" value={s ? String(s.runningQueries) : '–'} tone="running" />
        <Stat label="Queued queries" value={s ? String(s.queuedQueries) : '–'} />
        <Stat label="Blocked queries" value={s ? String(s.blockedQueries) : '–'} />
        <Stat label="Finished queries" value={s ? String(s.finishedQueries) : '–'} />
        <Stat
          label="Failed queries"
          value={s ? String(s.failedQueries) : '–'}
          tone={s && s.failedQueries > 0 ? 'failed' : undefined}
        />
        <Stat label="Active workers" value={s ? String(s.activeWorkers) : '–'} />
        <Stat
          label="Failed workers"
          value={s ? String(s.failedWorkers) : '–'}
          tone={s && s.failedWorkers > 0 ? 'failed' : undefined}
        />
        <Stat label="Processors" value={s ? String(s.totalAvailableProcessors) : '–'} />
      </div>
      <div class="charts">
        <TimeSeriesChart
          title="Input rows/s"
          times={history.times}
          values={history.rows}
          format={formatCount}
          color="#2563eb"
        />
        <TimeSeriesChart
          title="Input bytes/s"
          times={history.times}
          values={history.bytes}
          format={(v) => formatBytes(v)}
          color="#7c3aed"
          minTop={1024}
        />
        <TimeSeriesChart
          title="CPU (cores busy)"
          times={history.times}
          values={history.cpu}
          format={(v) => v.toFixed(2)}
          color="#dc2626"
        />
        <TimeSeriesChart
          title="Reserved memory"
          times={history.times}
          values={history.memory}
          format={(v) => formatBytes(v)}
          color="#059669"
          minTop={1024 * 1024}
        />
        <TimeSeriesChart
          title="Running drivers"
          times={history.times}
          values={history.drivers}
          format={formatCount}
          color="#d97706"
        />
      </div>
      <h2 id="overview-queries">Queries</h2>
      <QueryList activeFirstByDefault={true} />
      <h2>Nodes</h2>
      <NodeTable
        nodes={nodes.data ?? []}
        failed={failed.data ?? []}
        coordinator={coordinatorRowOf(info.data)}
        error={nodes.error}
      />
    </section>
  );
}
