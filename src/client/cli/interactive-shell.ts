/**
 * The interactive shell: a prompt showing the current catalog and schema, multi-line statements
 * that end at `;`, a history kept in a file, `USE`, `help`, `quit`/`exit`, and Ctrl-C that
 * cancels the running query (or clears the line being typed) without leaving the shell.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ClientSession } from '../client-session.js';
import type { OutputFormat } from '../output/output-printer.js';
import { StatementRunner } from './statement-runner.js';
import { isOnlyComments, splitStatements } from './statement-splitter.js';
import { applyUseStatement } from './use-statement.js';

export interface ShellOptions {
  readonly format: OutputFormat;
  readonly debug: boolean;
  readonly historyFile?: string;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream & { isTTY?: boolean };
  readonly errorOutput: NodeJS.WritableStream & { isTTY?: boolean };
}

export const HELP_TEXT = `Supported commands:
QUIT
EXIT
USE [<catalog>.]<schema>
HELP
Any SQL statement ending in ';' (or \\G for vertical output), for example:
  SELECT * FROM tpch.tiny.nation;
  SHOW CATALOGS;
Ctrl-C cancels the running query; Ctrl-D or QUIT leaves the shell.
`;

function readHistory(file: string | undefined): string[] {
  if (file === undefined) return [];
  try {
    // readline wants the most recent entry first.
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .reverse()
      .slice(0, 1000);
  } catch {
    return [];
  }
}

export async function runInteractiveShell(initial: ClientSession, options: ShellOptions): Promise<void> {
  let session = initial;
  const runner = new StatementRunner();
  let running = false;
  const terminal = options.output.isTTY === true;
  const rl = createInterface({
    input: options.input,
    output: options.output,
    terminal,
    history: readHistory(options.historyFile),
    historySize: 1000,
  });
  const prompt = () => `vivace${session.schema ? `:${session.schema}` : ''}> `;
  let buffer = '';
  rl.setPrompt(prompt());
  rl.on('SIGINT', () => {
    if (running) {
      runner.cancel();
      return;
    }
    buffer = '';
    options.output.write('\n');
    rl.setPrompt(prompt());
    rl.prompt();
  });
  rl.prompt();

  const remember = (statement: string) => {
    if (options.historyFile === undefined) return;
    try {
      appendFileSync(options.historyFile, `${statement.replaceAll('\n', ' ')};\n`);
    } catch {
      // A read-only home directory must not break the shell.
    }
  };

  for await (const line of rl) {
    const trimmed = line.trim();
    if (buffer === '' && /^(quit|exit)\s*;?$/i.test(trimmed)) break;
    if (buffer === '' && /^help\s*;?$/i.test(trimmed)) {
      options.output.write(HELP_TEXT);
      rl.prompt();
      continue;
    }
    buffer += `${line}\n`;
    // `\G` at the end of a statement asks for vertical output, as in Presto's CLI.
    const vertical = /\\G\s*$/.test(buffer);
    const text = vertical ? buffer.replace(/\\G\s*$/, ';') : buffer;
    const { statements, remainder } = splitStatements(text);
    if (statements.length === 0) {
      if (isOnlyComments(remainder)) buffer = '';
      rl.setPrompt(buffer === '' ? prompt() : '     -> ');
      rl.prompt();
      continue;
    }
    buffer = isOnlyComments(remainder) ? '' : remainder;
    // readline keeps reading while a statement runs, so that Ctrl-C reaches the SIGINT handler;
    // lines typed meanwhile wait in the iterator and run afterwards.
    for (const statement of statements) {
      remember(statement);
      const used = applyUseStatement(session, statement);
      if (used) {
        session = used;
        options.output.write('USE\n');
        continue;
      }
      running = true;
      const outcome = await runner.run(
        session,
        statement,
        { format: vertical ? 'VERTICAL' : options.format, debug: options.debug, interactive: true },
        { out: options.output, err: options.errorOutput, statusTerminal: options.errorOutput.isTTY === true },
      );
      running = false;
      session = outcome.session;
    }
    rl.setPrompt(buffer === '' ? prompt() : '     -> ');
    rl.prompt();
  }
  rl.close();
}
