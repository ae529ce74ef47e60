/**
 * The live query list: `GET /v1/query` every second, filtered by state and by text (user, source,
 * SQL or query id), sorted by creation time, elapsed time, CPU or memory, optionally with the
 * running and queued queries first. Filtering and sorting are memoised on the polled data, and
 * rows are plain table rows with no per-row subscriptions, so hundreds of queries stay responsive.
 * The Queries page shows it alone; the overview shows it under the cluster figures, running first,
 * as Trino's UI opens.
 */
import { useMemo, useState } from 'preact/hooks';
import { usePoll } from '../api.js';
import { ProgressBar } from '../components/progress-bar.js';
import { formatBytes, formatClock, formatCount, formatDuration } from '../format.js';
import { type Json, queryList, type SortKey, type StateFilter, selectQueries, type TextField } from '../query-model.js';

export function QueryListPage() {
  return (
    <section aria-labelledby="queries-title">
      <h1 id="queries-title">Queries</h1>
      <QueryList activeFirstByDefault={false} />
    </section>
  );
}

/** The filter bar and the table; `activeFirstByDefault` starts with running and queued queries on top. */
export function QueryList({ activeFirstByDefault }: { activeFirstByDefault: boolean }) {
  const polled = usePoll<Json>('/v1/query', 1000);
  const [state, setState] = useState<StateFilter>('all');
  const [activeFirst, setActiveFirst] = useState(activeFirstByDefault);
  const [text, setText] = useState('');
  const [field, setField] = useState<TextField>('any');
  const [sort, setSort] = useState<SortKey>('created');
  const [descending, setDescending] = useState(true);
  const all = useMemo(() => queryList(polled.data), [polled.data]);
  const shown = useMemo(
    () => selectQueries(all, state, text, field, sort, descending, activeFirst),
    [all, state, text, field, sort, descending, activeFirst],
  );

  return (
    <div class="query-list" data-testid="query-list">
      <form class="toolbar" onSubmit={(event) => event.preventDefault()} aria-label="Filter queries">
        <label>
          State
          <select
            value={state}
            onChange={(e) => setState(e.currentTarget.value as StateFilter)}
            data-testid="state-filter"
          >
            <option value="all">All</option>
            <option value="active">Running and queued</option>
            <option value="FINISHED">Finished</option>
            <option value="FAILED">Failed</option>
          </select>
        </label>
        <label>
          Search
          <input
            type="search"
            value={text}
            placeholder="user, source, SQL or id"
            onInput={(e) => setText(e.currentTarget.value)}
            data-testid="text-filter"
          />
        </label>
        <label>
          in
          <select value={field} onChange={(e) => setField(e.currentTarget.value as TextField)}>
            <option value="any">any field</option>
            <option value="user">user</option>
            <option value="source">source</option>
            <option value="sql">SQL text</option>
          </select>
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(e) => setSort(e.currentTarget.value as SortKey)} data-testid="sort-key">
            <option value="created">creation time</option>
            <option value="elapsed">elapsed time</option>
            <option value="cpu">CPU time</option>
            <option value="memory">memory</option>
          </select>
        </label>
        <button
          type="button"
          onClick={() => setDescending(!descending)}
          aria-label={descending ? 'Sorted descending; sort ascending' : 'Sorted ascending; sort descending'}
        >
          {descending ? '↓ descending' : '↑ ascending'}
        </button>
        <label>
          <input
            type="checkbox"
            checked={activeFirst}
            onChange={(e) => setActiveFirst(e.currentTarget.checked)}
            data-testid="active-first"
          />
          running first
        </label>
        <span class="muted" aria-live="polite">
          {shown.length} of {all.length} queries
        </span>
      </form>
      {polled.error && <p class="notice notice-error">Query list unavailable: {polled.error.message}</p>}
      <div class="table-wrap">
        <table class="data-table query-table" aria-label="Queries">
          <thead>
            <tr>
              <th scope="col">Query</th>
              <th scope="col">State</th>
              <th scope="col">User</th>
              <th scope="col">Source</th>
              <th scope="col">Created</th>
              <th scope="col">Elapsed</th>
              <th scope="col">CPU</th>
              <th scope="col">Memory</th>
              <th scope="col">Rows</th>
              <th scope="col">SQL</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((q) => (
              <tr
                key={q.queryId}
                data-testid="query-row"
                data-query-id={q.queryId}
                data-state={q.state}
                class={q.state === 'FAILED' ? 'row-failed' : undefined}
              >
                <td class="mono">
                  <a href={`#/query/${encodeURIComponent(q.queryId)}`}>{q.queryId}</a>
                </td>
                <td class="state-cell">
                  <ProgressBar state={q.state} progress={q.progress} />
                  {q.errorName && (
                    <span class="error-name" data-testid="error-name">
                      {q.errorName}
                    </span>
                  )}
                  {q.warnings.map((w) => (
                    <span key={w.name} class="warning-name" data-testid="warning-name" title={w.message}>
                      {w.name === 'COORDINATOR_ONLY_EXECUTION' ? 'coordinator only' : w.name}
                    </span>
                  ))}
                </td>
                <td>{q.user}</td>
                <td>{q.source}</td>
                <td>{formatClock(q.createTime)}</td>
                <td class="num">{formatDuration(q.elapsedMs)}</td>
                <td class="num">{formatDuration(q.cpuMs)}</td>
                <td class="num">{formatBytes(q.memoryBytes)}</td>
                <td class="num">{formatCount(q.rows)}</td>
                <td class="sql-cell mono" title={q.sql}>
                  {q.sql.length > 160 ? `${q.sql.slice(0, 160)}…` : q.sql}
                </td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={10} class="muted">
                  {polled.data === undefined ? 'Loading…' : 'No queries match.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
