/**
 * The statement protocol in the browser (the same steps as src/client/statement-client.ts, over
 * fetch): POST the SQL to `/v1/statement`, follow `nextUri` until the final response, hand every
 * response to the caller as it arrives so rows stream into the grid, retry 503 ("try again")
 * with back-off, and cancel with DELETE on the current `nextUri`.
 */
import type { Json } from './query-model.js';

export interface StatementSession {
  readonly user: string;
  readonly source: string;
  readonly catalog?: string;
  readonly schema?: string;
}

export interface StatementColumn {
  readonly name: string;
  readonly type: string;
}

export interface StatementResponse {
  readonly id: string;
  readonly infoUri?: string;
  readonly nextUri?: string;
  readonly columns?: StatementColumn[];
  readonly data?: unknown[][];
  readonly stats?: Json;
  readonly error?: Json;
  readonly updateType?: string;
}

const RETRY_DELAYS_MS = [50, 100, 200, 400, 800, 1600];

export class StatementClientError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'StatementClientError';
  }
}

function sessionHeaders(session: StatementSession): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Service-User': session.user,
    'X-Service-Source': session.source,
    'Content-Type': 'text/plain; charset=utf-8',
  };
  if (session.catalog) headers['X-Service-Catalog'] = session.catalog;
  if (session.schema) headers['X-Service-Schema'] = session.schema;
  return headers;
}

/** Only the path of a server URI, so the page talks to the origin it was loaded from. */
function localPath(uri: string): string {
  const url = new URL(uri, window.location.href);
  return `${url.pathname}${url.search}`;
}

async function send(path: string, init: RequestInit): Promise<StatementResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(path, init);
    if (response.status === 503 && attempt < RETRY_DELAYS_MS.length) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
      continue;
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new StatementClientError(text || `HTTP ${response.status}`, response.status);
    }
    return (await response.json()) as StatementResponse;
  }
}

export class BrowserStatement {
  private nextUri: string | undefined;
  private canceled = false;

  constructor(
    private readonly sql: string,
    private readonly session: StatementSession,
  ) {}

  /** Runs the statement to its end; resolves with the final response. */
  async run(onResponse: (response: StatementResponse) => void): Promise<StatementResponse> {
    let response = await send('/v1/statement', {
      method: 'POST',
      body: this.sql,
      headers: sessionHeaders(this.session),
    });
    onResponse(response);
    while (response.nextUri && !this.canceled) {
      this.nextUri = response.nextUri;
      response = await send(localPath(response.nextUri), { method: 'GET', headers: sessionHeaders(this.session) });
      onResponse(response);
    }
    this.nextUri = response.nextUri;
    return response;
  }

  /** Asks the server to cancel (the query ends FAILED with USER_CANCELED) and stops following. */
  async cancel(): Promise<void> {
    this.canceled = true;
    if (this.nextUri) await fetch(localPath(this.nextUri), { method: 'DELETE' }).catch(() => undefined);
  }
}

/** Runs a statement and collects every row: for the small metadata queries of the pickers. */
export async function queryRows(sql: string, session: StatementSession): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const last = await new BrowserStatement(sql, session).run((response) => {
    if (response.data) rows.push(...response.data);
  });
  if (last.error) throw new StatementClientError(String(last.error.message ?? 'query failed'), 200);
  return rows;
}
