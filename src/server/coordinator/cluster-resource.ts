/**
 * The cluster summary resource `GET /v1/cluster`, which feeds the web UI's overview: how many
 * queries are running, queued, blocked and finished, how many workers are active or failed, and
 * cumulative counters (input rows, input bytes, CPU seconds) from which the UI derives rates by
 * differencing two samples. The field names follow Presto's cluster stats resource where it has
 * one. The numbers come from a `ClusterActivitySource`: today the in-process runner's queries and
 * the node manager; the distributed runner fills the same interface with its tasks' figures.
 */
import type { FastifyInstance } from 'fastify';

/** What the summary needs to know of one query; `QueryExecution` satisfies it structurally. */
export interface QueryActivity {
  readonly queryId: string;
  readonly state: string;
  readonly processedRows: number;
  readonly processedBytes: number;
  /** Bytes the query's operators hold right now. */
  readonly reservedMemoryBytes: number;
  /** CPU time spent so far, when the query manager measures it. */
  readonly cpuTimeMillis?: number;
  /** Drivers running right now, when the query manager counts them. */
  readonly runningDrivers?: number;
  /** True while every running driver of the query waits (on memory, an exchange, a client). */
  readonly blocked?: boolean;
}

export interface ClusterActivitySource {
  queries(): Iterable<QueryActivity>;
  activeWorkers(): number;
  failedWorkers(): number;
  /** Processors the active nodes offer; the coordinator alone when there are no workers. */
  availableProcessors(): number;
}

export interface ClusterSummary {
  readonly runningQueries: number;
  readonly blockedQueries: number;
  readonly queuedQueries: number;
  readonly finishedQueries: number;
  readonly failedQueries: number;
  readonly activeCoordinators: number;
  readonly activeWorkers: number;
  readonly failedWorkers: number;
  readonly runningDrivers: number;
  readonly totalAvailableProcessors: number;
  readonly reservedMemory: number;
  readonly totalInputRows: number;
  readonly totalInputBytes: number;
  readonly totalCpuTimeSecs: number;
  /** Epoch milliseconds when the summary was taken, so clients can turn counters into rates. */
  readonly sampleTime: number;
}

const QUEUED_STATES = new Set(['QUEUED', 'WAITING_FOR_RESOURCES', 'DISPATCHING']);
const DONE_STATES = new Set(['FINISHED', 'FAILED']);

interface LastSeen {
  rows: number;
  bytes: number;
  cpuMillis: number;
  state: string;
}

/**
 * Keeps the cumulative counters monotonic although the query manager forgets old queries: the last
 * figures of a query that disappears are moved into a retired total.
 */
export class ClusterSummarizer {
  private readonly lastSeen = new Map<string, LastSeen>();
  private retiredRows = 0;
  private retiredBytes = 0;
  private retiredCpuMillis = 0;
  private retiredFinished = 0;
  private retiredFailed = 0;

  constructor(
    private readonly source: ClusterActivitySource,
    private readonly clock: () => number = Date.now,
  ) {}

  summary(): ClusterSummary {
    let running = 0;
    let blocked = 0;
    let queued = 0;
    let finished = 0;
    let failed = 0;
    let drivers = 0;
    let memory = 0;
    let rows = this.retiredRows;
    let bytes = this.retiredBytes;
    let cpuMillis = this.retiredCpuMillis;
    const present = new Set<string>();
    for (const query of this.source.queries()) {
      present.add(query.queryId);
      const state = query.state;
      if (state === 'FINISHED') finished++;
      else if (state === 'FAILED') failed++;
      else if (QUEUED_STATES.has(state)) queued++;
      else if (query.blocked === true) blocked++;
      else running++;
      if (!DONE_STATES.has(state)) {
        drivers += query.runningDrivers ?? 0;
        memory += query.reservedMemoryBytes;
      }
      const cpu = query.cpuTimeMillis ?? 0;
      rows += query.processedRows;
      bytes += query.processedBytes;
      cpuMillis += cpu;
      const seen = this.lastSeen.get(query.queryId);
      if (seen) {
        seen.rows = query.processedRows;
        seen.bytes = query.processedBytes;
        seen.cpuMillis = cpu;
        seen.state = state;
      } else {
        this.lastSeen.set(query.queryId, {
          rows: query.processedRows,
          bytes: query.processedBytes,
          cpuMillis: cpu,
          state,
        });
      }
    }
    for (const [queryId, seen] of this.lastSeen) {
      if (present.has(queryId)) continue;
      this.lastSeen.delete(queryId);
      this.retiredRows += seen.rows;
      this.retiredBytes += seen.bytes;
      this.retiredCpuMillis += seen.cpuMillis;
      rows += seen.rows;
      bytes += seen.bytes;
      cpuMillis += seen.cpuMillis;
      if (seen.state === 'FAILED') this.retiredFailed++;
      else if (seen.state === 'FINISHED') this.retiredFinished++;
    }
    return {
      runningQueries: running,
      blockedQueries: blocked,
      queuedQueries: queued,
      finishedQueries: finished + this.retiredFinished,
      failedQueries: failed + this.retiredFailed,
      activeCoordinators: 1,
      activeWorkers: this.source.activeWorkers(),
      failedWorkers: this.source.failedWorkers(),
      runningDrivers: drivers,
      totalAvailableProcessors: this.source.availableProcessors(),
      reservedMemory: memory,
      totalInputRows: rows,
      totalInputBytes: bytes,
      totalCpuTimeSecs: cpuMillis / 1000,
      sampleTime: this.clock(),
    };
  }
}

export function registerClusterResource(app: FastifyInstance, source: ClusterActivitySource): ClusterSummarizer {
  const summarizer = new ClusterSummarizer(source);
  app.get('/v1/cluster', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(summarizer.summary()),
  );
  return summarizer;
}
