/**
 * The SQL workbench: an editor (Ctrl-Enter runs), catalog and schema pickers filled by SHOW
 * CATALOGS and SHOW SCHEMAS, and a results grid that fills as the statement protocol's pages
 * arrive, with the query's live state, rows and elapsed time, Cancel, and a link to the query's
 * page. A failing statement shows its error, and its position is underlined in the editor.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { SqlEditor } from '../components/sql-editor.js';
import { formatBytes, formatCount, formatDuration } from '../format.js';
import type { ErrorPosition, Json } from '../query-model.js';
import { BrowserStatement, queryRows, type StatementColumn, type StatementSession } from '../statement-client.js';

/** The grid renders at most this many rows; the count above it still covers every row received. */
const MAX_RENDERED_ROWS = 2000;
const USER = 'vivace-ui';
const SOURCE = 'vivace-ui';

interface RunState {
  readonly queryId: string | undefined;
  readonly state: string;
  readonly columns: StatementColumn[];
  readonly rows: unknown[][];
  readonly rowCount: number;
  readonly stats: Json;
  readonly error: Json;
  readonly clientError: string | undefined;
  readonly running: boolean;
  readonly updateType: string | undefined;
}

const IDLE: RunState = {
  queryId: undefined,
  state: '',
  columns: [],
  rows: [],
  rowCount: 0,
  stats: undefined,
  error: undefined,
  clientError: undefined,
  running: false,
  updateType: undefined,
};

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function renderCell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function WorkbenchPage() {
  const [sqlText, setSqlText] = useState('SELECT * FROM tpch.tiny.nation');
  const [catalogs, setCatalogs] = useState<string[]>([]);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [catalog, setCatalog] = useState('');
  const [schema, setSchema] = useState('');
  const [pickerError, setPickerError] = useState<string | undefined>(undefined);
  const [run, setRun] = useState<RunState>(IDLE);
  const statement = useRef<BrowserStatement | null>(null);
  const sqlRef = useRef(sqlText);
  sqlRef.current = sqlText;

  useEffect(() => {
    queryRows('SHOW CATALOGS', { user: USER, source: SOURCE })
      .then((rows) => setCatalogs(rows.map((r) => String(r[0]))))
      .catch((error: Error) => setPickerError(`SHOW CATALOGS failed: ${error.message}`));
  }, []);

  useEffect(() => {
    setSchemas([]);
    setSchema('');
    if (!catalog) return;
    queryRows(`SHOW SCHEMAS FROM ${quoteIdentifier(catalog)}`, { user: USER, source: SOURCE })
      .then((rows) => setSchemas(rows.map((r) => String(r[0]))))
      .catch((error: Error) => setPickerError(`SHOW SCHEMAS failed: ${error.message}`));
  }, [catalog]);

  const start = async () => {
    if (statement.current) return;
    const text = sqlRef.current.trim();
    if (text === '') return;
    const session: StatementSession = {
      user: USER,
      source: SOURCE,
      catalog: catalog || undefined,
      schema: schema || undefined,
    };
    const current = new BrowserStatement(text, session);
    statement.current = current;
    setRun({ ...IDLE, running: true, state: 'QUEUED' });
    try {
      await current.run((response) => {
        setRun((previous) => {
          const incoming = response.data ?? [];
          const room = MAX_RENDERED_ROWS - previous.rows.length;
          return {
            ...previous,
            queryId: response.id,
            state: String(response.stats?.state ?? previous.state),
            columns: response.columns ?? previous.columns,
            rows: room > 0 && incoming.length > 0 ? previous.rows.concat(incoming.slice(0, room)) : previous.rows,
            rowCount: previous.rowCount + incoming.length,
            stats: response.stats ?? previous.stats,
            error: response.error ?? previous.error,
            updateType: response.updateType ?? previous.updateType,
          };
        });
      });
    } catch (error) {
      setRun((previous) => ({ ...previous, clientError: (error as Error).message }));
    } finally {
      statement.current = null;
      setRun((previous) => ({ ...previous, running: false }));
    }
  };

  const cancel = async () => {
    const current = statement.current;
    if (!current) return;
    await current.cancel();
    setRun((previous) => ({ ...previous, state: 'FAILED', clientError: 'Canceled by the user' }));
  };

  const errorPosition = useMemo((): ErrorPosition | undefined => {
    const location = run.error?.errorLocation;
    return location && typeof location.lineNumber === 'number'
      ? { line: location.lineNumber, column: location.columnNumber }
      : undefined;
  }, [run.error]);
  const progress = typeof run.stats?.progressPercentage === 'number' ? run.stats.progressPercentage : undefined;

  return (
    <section aria-labelledby="workbench-title" class="workbench">
      <h1 id="workbench-title">SQL workbench</h1>
      <div class="toolbar">
        <label>
          Catalog
          <select value={catalog} onChange={(e) => setCatalog(e.currentTarget.value)} data-testid="catalog-picker">
            <option value="">(none)</option>
            {catalogs.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Schema
          <select
            value={schema}
            onChange={(e) => setSchema(e.currentTarget.value)}
            disabled={!catalog}
            data-testid="schema-picker"
          >
            <option value="">(none)</option>
            {schemas.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="primary" onClick={start} disabled={run.running} data-testid="run">
          Run <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
        </button>
        <button type="button" onClick={cancel} disabled={!run.running} data-testid="cancel">
          Cancel
        </button>
        {pickerError && <span class="notice-inline">{pickerError}</span>}
      </div>
      <SqlEditor value={sqlText} onChange={setSqlText} onRun={start} errorPosition={errorPosition} label="SQL editor" />

      {run.queryId !== undefined || run.running || run.clientError ? (
        <div class="run-status" role="status" aria-live="polite" data-testid="run-status">
          <span class={`badge state-${run.state.toLowerCase()}`} data-testid="run-state">
            {run.state || '…'}
          </span>
          {progress !== undefined && <span>{progress.toFixed(0)}%</span>}
          <span>{formatCount(run.rowCount)} rows received</span>
          {run.stats && (
            <span>
              {formatCount(run.stats.processedRows)} rows · {formatBytes(run.stats.processedBytes)} processed ·{' '}
              {formatDuration(run.stats.elapsedTimeMillis)}
            </span>
          )}
          {run.queryId && (
            <a href={`#/query/${encodeURIComponent(run.queryId)}`} data-testid="detail-link">
              {run.queryId}
            </a>
          )}
        </div>
      ) : null}
      {run.error && (
        <div class="notice notice-error" data-testid="run-error">
          <strong>{String(run.error.errorName ?? 'Error')}</strong>: {String(run.error.message ?? '')}
          {errorPosition && (
            <span class="error-position" data-testid="run-error-position">
              {' '}
              at line {errorPosition.line}, column {errorPosition.column}
            </span>
          )}
        </div>
      )}
      {run.clientError && !run.error && <div class="notice notice-error">{run.clientError}</div>}
      {run.updateType && !run.error && <p class="muted">{run.updateType}</p>}
      {run.columns.length > 0 && (
        <div class="table-wrap results">
          {run.rowCount > run.rows.length && (
            <p class="muted">
              Showing the first {run.rows.length.toLocaleString()} of {run.rowCount.toLocaleString()} rows.
            </p>
          )}
          <table class="data-table" aria-label="Results" data-testid="results">
            <thead>
              <tr>
                {run.columns.map((column) => (
                  <th key={column.name} scope="col" title={column.type}>
                    {column.name}
                    <span class="column-type">{column.type}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {run.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) => (
                    <td key={column} class={value === null ? 'null' : typeof value === 'number' ? 'num' : undefined}>
                      {renderCell(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
