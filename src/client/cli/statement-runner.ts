/**
 * Runs one statement for the CLI: submits it, streams the rows into the chosen output format,
 * keeps a live status on stderr when that is a terminal, prints Presto-style errors with a caret,
 * and reports the session changes the server announced. Cancellation comes from outside through
 * `cancel()` (Ctrl-C in the shell).
 */
import { applySessionUpdates, type ClientSession } from '../client-session.js';
import { createOutputPrinter, type OutputFormat, type OutputPrinter, type TextSink } from '../output/output-printer.js';
import type { QueryResults } from '../query-results.js';
import { StatementClient } from '../statement-client.js';
import { formatQueryError } from './error-display.js';
import { finalStatusLines, liveStatusLines } from './query-status.js';

export interface StatementOutput {
  readonly out: TextSink;
  readonly err: TextSink;
  /** True when stderr is a terminal that can show a live status. */
  readonly statusTerminal: boolean;
}

export interface RunOptions {
  readonly format: OutputFormat;
  readonly debug: boolean;
  /** Interactive shells print `(n rows)` and the final statistics. */
  readonly interactive: boolean;
}

export interface StatementOutcome {
  readonly succeeded: boolean;
  readonly session: ClientSession;
  readonly queryId?: string;
}

export class StatementRunner {
  private client: StatementClient | undefined;
  private cancelRequested = false;

  /** Asks the running statement to stop; the server ends it with USER_CANCELED. */
  cancel(): void {
    this.cancelRequested = true;
    void this.client?.cancel().catch(() => {});
  }

  async run(
    session: ClientSession,
    sql: string,
    options: RunOptions,
    output: StatementOutput,
  ): Promise<StatementOutcome> {
    const started = Date.now();
    let statusLines = 0;
    const clearStatus = () => {
      if (statusLines > 0) output.err.write(`\x1b[${statusLines}A\x1b[J`);
      statusLines = 0;
    };
    const showStatus = (results: QueryResults) => {
      if (!output.statusTerminal) return;
      clearStatus();
      const lines = liveStatusLines(results.id, results.stats, Date.now() - started);
      output.err.write(`${lines.join('\n')}\n`);
      statusLines = lines.length;
    };
    let printer: OutputPrinter | undefined;
    let rows = 0;
    let lastStatus = 0;
    try {
      this.client = await StatementClient.submit(session, sql);
      if (this.cancelRequested) await this.client.cancel();
      for (;;) {
        const results = this.client.current();
        if (results.columns && !printer && !results.updateType) {
          printer = createOutputPrinter(options.format, results.columns, {
            write: (text: string) => {
              clearStatus();
              return output.out.write(text);
            },
          });
        }
        if (results.data && results.data.length > 0) {
          rows += results.data.length;
          printer?.printRows(results.data);
        }
        if (!this.client.isRunning) break;
        // Like Presto's CLI, a status appears only for queries that take a moment.
        if (Date.now() - started > 500 && Date.now() - lastStatus > 200) {
          showStatus(results);
          lastStatus = Date.now();
        }
        await this.client.advance();
      }
      clearStatus();
      const final = this.client.current();
      const queryId = final.id;
      if (final.error) {
        output.err.write(formatQueryError(queryId, sql, final.error, options.debug));
        return { succeeded: false, session, queryId };
      }
      if (final.updateType) {
        if (options.interactive || options.debug) {
          output.out.write(
            final.updateCount === undefined
              ? `${final.updateType}\n`
              : `${final.updateType}: ${final.updateCount} row${final.updateCount === 1 ? '' : 's'}\n`,
          );
        }
      } else {
        printer?.finish();
        if (options.interactive && (options.format === 'ALIGNED' || options.format === 'VERTICAL')) {
          output.out.write(`(${rows} row${rows === 1 ? '' : 's'})\n`);
        }
      }
      // As Trino's CLI: each warning on stderr after the results, in batch mode too.
      for (const warning of final.warnings ?? []) output.err.write(`WARNING: ${warning.message}\n`);
      if (options.interactive || options.debug) {
        output.err.write(`\n${finalStatusLines(queryId, final.stats, Date.now() - started).join('\n')}\n\n`);
      }
      return { succeeded: true, session: applySessionUpdates(session, this.client.sessionUpdates), queryId };
    } catch (e) {
      clearStatus();
      output.err.write(`Error running command: ${e instanceof Error ? e.message : String(e)}\n`);
      return { succeeded: false, session };
    } finally {
      this.client = undefined;
      this.cancelRequested = false;
    }
  }
}
