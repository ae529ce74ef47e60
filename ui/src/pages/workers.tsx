/**
 * Workers: the node records of `GET /v1/node` (spec §2.4: decaying request, failure and success
 * counters, failure ratio, age, last request and response, failures by type, last failure), with
 * the nodes of `GET /v1/node/failed` set apart. The coordinator itself heads the table, so a
 * cluster without workers still shows where queries run.
 */
import { usePoll } from '../api.js';
import { formatClock, parseTime } from '../format.js';
import type { Json } from '../query-model.js';

export interface CoordinatorRow {
  readonly uri: string;
  readonly environment?: string;
  readonly version?: string;
  readonly uptime?: string;
}

function ratio(value: unknown): string {
  return typeof value === 'number' ? `${(value * 100).toFixed(1)}%` : '–';
}

function decimal(value: unknown): string {
  return typeof value === 'number' ? value.toFixed(2) : '–';
}

function NodeRow({ node, failed }: { node: Json; failed: boolean }) {
  const byType = Object.entries((node.recentFailuresByType ?? {}) as Record<string, number>);
  return (
    <tr class={failed ? 'row-failed' : undefined} data-testid="node-row">
      <td>
        <span class={`badge ${failed ? 'badge-failed' : 'badge-ok'}`}>{failed ? 'FAILED' : 'ACTIVE'}</span>
      </td>
      <td class="mono">{String(node.uri ?? '')}</td>
      <td>worker</td>
      <td class="num">{decimal(node.recentRequests)}</td>
      <td class="num">{decimal(node.recentSuccesses)}</td>
      <td class="num">{decimal(node.recentFailures)}</td>
      <td class="num">{ratio(node.recentFailureRatio)}</td>
      <td>{String(node.age ?? '–')}</td>
      <td>{formatClock(parseTime(node.lastRequestTime))}</td>
      <td>{formatClock(parseTime(node.lastResponseTime))}</td>
      <td>
        {byType.length === 0 ? '–' : byType.map(([type, count]) => `${type}: ${count.toFixed(2)}`).join(', ')}
        {node.lastFailureInfo && (
          <div class="failure-detail" title={(node.lastFailureInfo.stack ?? []).join('\n')}>
            Last: {String(node.lastFailureInfo.type)} — {String(node.lastFailureInfo.message)}
          </div>
        )}
      </td>
    </tr>
  );
}

/** The coordinator's row of the node table, from `/v1/info` (this page's own origin). */
export function coordinatorRowOf(info: Json | undefined): CoordinatorRow {
  return {
    uri: window.location.origin,
    environment: info?.environment,
    version: info?.nodeVersion?.version,
    uptime: info?.uptime,
  };
}

export interface NodeTableProps {
  readonly nodes: readonly Json[];
  readonly failed: readonly Json[];
  readonly coordinator: CoordinatorRow;
  readonly error?: Error;
}

export function NodeTable({ nodes, failed, coordinator, error }: NodeTableProps) {
  const failedUris = new Set(failed.map((n) => n.uri));
  const healthy = nodes.filter((n) => !failedUris.has(n.uri));
  return (
    <div class="table-wrap">
      {error && <p class="notice notice-error">Node list unavailable: {error.message}</p>}
      <table class="data-table" aria-label="Nodes">
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">URI</th>
            <th scope="col">Role</th>
            <th scope="col">Requests</th>
            <th scope="col">Successes</th>
            <th scope="col">Failures</th>
            <th scope="col">Failure ratio</th>
            <th scope="col">Age</th>
            <th scope="col">Last request</th>
            <th scope="col">Last response</th>
            <th scope="col">Failures by type</th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="coordinator-row">
            <td>
              <span class="badge badge-ok">ACTIVE</span>
            </td>
            <td class="mono">{coordinator.uri}</td>
            <td>coordinator{coordinator.environment ? ` (${coordinator.environment})` : ''}</td>
            <td colSpan={4}>{coordinator.version ? `version ${coordinator.version}` : ''}</td>
            <td>{coordinator.uptime ?? '–'}</td>
            <td colSpan={3} />
          </tr>
          {healthy.map((node) => (
            <NodeRow key={node.uri} node={node} failed={false} />
          ))}
        </tbody>
        {failed.length > 0 && (
          <tbody class="failed-nodes">
            <tr>
              <th colSpan={11} scope="rowgroup">
                Failed nodes
              </th>
            </tr>
            {failed.map((node) => (
              <NodeRow key={node.uri} node={node} failed={true} />
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}

export function WorkersPage() {
  const nodes = usePoll<Json[]>('/v1/node', 1000);
  const failed = usePoll<Json[]>('/v1/node/failed', 1000);
  const info = usePoll<Json>('/v1/info', 5000);
  const count = (nodes.data ?? []).length;
  return (
    <section aria-labelledby="workers-title">
      <h1 id="workers-title">Workers</h1>
      <p class="muted">
        {count === 0
          ? 'No workers: the coordinator runs every query itself.'
          : `${count} worker${count === 1 ? '' : 's'} known, ${(failed.data ?? []).length} failed.`}
      </p>
      <NodeTable
        nodes={nodes.data ?? []}
        failed={failed.data ?? []}
        coordinator={coordinatorRowOf(info.data)}
        error={nodes.error}
      />
    </section>
  );
}
