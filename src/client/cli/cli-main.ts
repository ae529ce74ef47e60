/**
 * Entry point of `vivace cli`: builds the client session from the command-line options, then runs
 * the statements of `--execute`/`--file` in batch mode, or the interactive shell when neither is
 * given. Resolves to the exit code.
 */
import { readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { type ClientSession, newClientSession } from '../client-session.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../output/output-printer.js';
import { runBatch } from './batch-runner.js';
import { runInteractiveShell } from './interactive-shell.js';
import { StatementRunner } from './statement-runner.js';

export interface CliOptions {
  readonly server: string;
  readonly user?: string;
  readonly source?: string;
  readonly catalog?: string;
  readonly schema?: string;
  readonly timeZone?: string;
  readonly clientTags?: string;
  /** `name=value` pairs from repeated `--session` flags. */
  readonly session?: readonly string[];
  readonly execute?: string;
  readonly file?: string;
  readonly outputFormat?: string;
  readonly debug?: boolean;
  readonly ignoreErrors?: boolean;
  readonly historyFile?: string;
  /** `--password`: send a password (from VIVACE_PASSWORD, else prompted for). */
  readonly password?: boolean;
  /** PEM file of CAs to trust for an https:// server besides the system's. */
  readonly truststorePath?: string;
  /** Skip the server certificate check (testing only). */
  readonly insecure?: boolean;
}

/** Where the CLI reads a password from when `--password` is given and no prompt is possible. */
export const PASSWORD_ENVIRONMENT_VARIABLE = 'VIVACE_PASSWORD';

export class CliUsageError extends Error {}

export function parseOutputFormat(value: string | undefined, fallback: OutputFormat): OutputFormat {
  if (value === undefined) return fallback;
  const upper = value.toUpperCase();
  if (!(OUTPUT_FORMATS as readonly string[]).includes(upper)) {
    throw new CliUsageError(`Unknown output format '${value}'; expected one of ${OUTPUT_FORMATS.join(', ')}`);
  }
  return upper as OutputFormat;
}

export function parseSessionProperties(pairs: readonly string[]): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new CliUsageError(`Session property must be name=value: '${pair}'`);
    properties[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return properties;
}

export function sessionFromOptions(options: CliOptions, password?: string): ClientSession {
  const server = /^https?:\/\//.test(options.server) ? options.server : `http://${options.server}`;
  if (password !== undefined && !server.toLowerCase().startsWith('https://')) {
    // As Trino's CLI: a password never crosses plain HTTP.
    throw new CliUsageError('Authentication using username/password requires HTTPS to be enabled');
  }
  const tls =
    options.truststorePath !== undefined || options.insecure === true
      ? {
          ...(options.truststorePath !== undefined ? { ca: readFileSync(options.truststorePath, 'utf8') } : {}),
          ...(options.insecure === true ? { insecure: true } : {}),
        }
      : undefined;
  return newClientSession(server, options.user ?? safeUserName(), {
    ...(password !== undefined ? { password } : {}),
    ...(tls !== undefined ? { tls } : {}),
    source: options.source ?? 'vivace-cli',
    catalog: options.catalog,
    schema: options.schema,
    timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    properties: parseSessionProperties(options.session ?? []),
    clientTags: options.clientTags ? options.clientTags.split(',').map((t) => t.trim()) : undefined,
  });
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'vivace';
  }
}

/** Reads a password from the terminal without echoing it. */
async function promptPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    throw new CliUsageError(`--password needs a terminal to prompt on, or ${PASSWORD_ENVIRONMENT_VARIABLE}`);
  }
  process.stderr.write('Password: ');
  input.setRawMode(true);
  input.resume();
  return await new Promise<string>((resolve, reject) => {
    let typed = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new CliUsageError('Password prompt interrupted'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    input.on('data', onData);
  });
}

export async function runCli(options: CliOptions): Promise<number> {
  let session: ClientSession;
  let text: string | undefined;
  try {
    const password =
      options.password === true ? (process.env[PASSWORD_ENVIRONMENT_VARIABLE] ?? (await promptPassword())) : undefined;
    session = sessionFromOptions(options, password);
    if (options.execute !== undefined && options.file !== undefined) {
      throw new CliUsageError('Only one of --execute and --file may be given');
    }
    text = options.execute ?? (options.file === undefined ? undefined : readFileSync(options.file, 'utf8'));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  if (text !== undefined) {
    const format = parseOutputFormat(options.outputFormat, 'CSV');
    const runner = new StatementRunner();
    const onInterrupt = () => runner.cancel();
    process.on('SIGINT', onInterrupt);
    try {
      return await runBatch(
        session,
        text,
        { format, debug: options.debug === true, ignoreErrors: options.ignoreErrors === true },
        { out: process.stdout, err: process.stderr, statusTerminal: false },
        runner,
      );
    } finally {
      process.off('SIGINT', onInterrupt);
    }
  }
  await runInteractiveShell(session, {
    format: parseOutputFormat(options.outputFormat, 'ALIGNED'),
    debug: options.debug === true,
    historyFile: options.historyFile ?? process.env.VIVACE_HISTORY_FILE ?? join(homedir(), '.vivace_history'),
    input: process.stdin,
    output: process.stdout,
    errorOutput: process.stderr,
  });
  return 0;
}
