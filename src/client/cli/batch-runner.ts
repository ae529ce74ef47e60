/**
 * Non-interactive CLI runs (`--execute SQL` or `--file F`): every statement in order, output
 * only the rows in the chosen format, errors on stderr, and stop at the first failure with a
 * non-zero exit code (as Presto's CLI without --ignore-errors).
 */
import type { ClientSession } from '../client-session.js';
import type { OutputFormat } from '../output/output-printer.js';
import { type StatementOutput, StatementRunner } from './statement-runner.js';
import { splitStatements } from './statement-splitter.js';
import { applyUseStatement } from './use-statement.js';

export interface BatchOptions {
  readonly format: OutputFormat;
  readonly debug: boolean;
  readonly ignoreErrors: boolean;
}

/** Runs the statements of `text`; resolves to the process exit code. */
export async function runBatch(
  initial: ClientSession,
  text: string,
  options: BatchOptions,
  output: StatementOutput,
  runner = new StatementRunner(),
): Promise<number> {
  const { statements, remainder } = splitStatements(text);
  if (remainder.trim() !== '') statements.push(remainder.trim());
  let session = initial;
  let exitCode = 0;
  for (const statement of statements) {
    const used = applyUseStatement(session, statement);
    if (used) {
      session = used;
      continue;
    }
    const outcome = await runner.run(
      session,
      statement,
      { format: options.format, debug: options.debug, interactive: false },
      output,
    );
    session = outcome.session;
    if (!outcome.succeeded) {
      exitCode = 1;
      if (!options.ignoreErrors) break;
    }
  }
  return exitCode;
}
