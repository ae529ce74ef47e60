#!/usr/bin/env node
/**
 * The `vivace` command: one binary with a sub-command per role. `start` runs a local cluster
 * (a coordinator and worker processes), `coordinator` and `worker` run one role each for
 * deployments across machines, `cli` is the interactive SQL client, `format` prints SQL back in
 * canonical form (a quick way to see how the parser read a statement).
 */
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { type CliOptions, runCli } from '../client/cli/cli-main.js';
import { VERSION } from '../common/version.js';
import { startLocalServer } from '../server/local-server.js';
import { formatStatementText } from './format-command.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('not a TCP port');
  return port;
}

function notYetAvailable(role: string): void {
  // The roles are wired in by the engine and cluster milestones; until then say so plainly and
  // exit cleanly rather than pretend to serve.
  process.stdout.write(
    `vivace ${VERSION}: the ${role} is not available in this build yet.\n` +
      'This build contains the SQL front end (parser, formatter, types, analyzer); the query engine,\n' +
      'the cluster and the HTTP interface arrive in the next milestones (see README.md).\n' +
      "Try: echo 'select 1' | npx vivace format\n",
  );
}

export function buildProgram(): Command {
  const program = new Command('vivace').description('Vivace distributed SQL query engine').version(VERSION);

  program
    .command('start')
    .description(
      'start Vivace on loopback (one process until the cluster milestone; --workers is accepted and ignored)',
    )
    .option('--port <port>', 'coordinator HTTP port', parsePort, 8080)
    .option('--workers <n>', 'number of worker processes (default: number of cores)')
    .option('--etc <dir>', 'configuration directory (catalog/*.properties)', 'etc')
    .action(async (options: { port: number; etc: string }) => {
      const server = await startLocalServer({ port: options.port, etcDirectory: options.etc });
      process.stdout.write(
        `Vivace ${VERSION} is running at ${server.url}\n` +
          `Catalogs: tpch (schemas tiny, sf1, sf10, ...), memory.\n` +
          `Try:\n  curl -s -X POST -H 'X-Service-User: me' -H 'X-Service-Catalog: tpch' -H 'X-Service-Schema: tiny' \\\n` +
          `       --data 'SELECT returnflag, count(*) FROM lineitem GROUP BY 1' ${server.url}/v1/statement\n` +
          `and follow nextUri; Ctrl-C stops the server.\n`,
      );
      const stop = () => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });

  program
    .command('coordinator')
    .description('run a coordinator (reads etc/config.properties and etc/node.properties)')
    .action(() => notYetAvailable('coordinator'));

  program
    .command('worker')
    .description('run a worker that announces itself to a coordinator')
    .option('--discovery-uri <url>', 'the coordinator URL to announce to')
    .action(() => notYetAvailable('worker'));

  program
    .command('cli')
    .description('SQL client: an interactive shell, or batch mode with --execute/--file')
    .option('--server <url>', 'coordinator URL', 'http://127.0.0.1:8080')
    .option('--user <name>', 'user name (default: the operating-system user)')
    .option('--source <name>', 'source name shown with the query', 'vivace-cli')
    .option('--catalog <name>', 'default catalog')
    .option('--schema <name>', 'default schema')
    .option('--time-zone <zone>', 'session time zone (default: the local zone)')
    .option('--client-tags <tags>', 'comma-separated client tags')
    .option('--session <name=value>', 'session property (repeatable)', (v: string, all: string[]) => [...all, v], [])
    .option('-e, --execute <sql>', 'run the statements and exit')
    .option('-f, --file <file>', 'run the statements of a file and exit')
    .option('--output-format <format>', 'ALIGNED, VERTICAL, CSV, CSV_HEADER, TSV, TSV_HEADER, JSON, MARKDOWN or NULL')
    .option('--ignore-errors', 'in batch mode, go on after a failing statement')
    .option('--history-file <file>', 'where the shell keeps its history (default ~/.vivace_history)')
    .option('--debug', 'print stack traces and query statistics')
    .action(async (options: CliOptions) => {
      process.exitCode = await runCli(options);
    });

  program
    .command('format')
    .description('read one SQL statement from stdin (or --execute) and print it formatted')
    .option('-e, --execute <sql>', 'the statement to format instead of stdin')
    .action((options: { execute?: string }) => {
      const sql = options.execute ?? readFileSync(0, 'utf8');
      const result = formatStatementText(sql);
      if (result.ok) {
        process.stdout.write(`${result.text}\n`);
      } else {
        process.stderr.write(`${result.text}\n`);
        process.exitCode = 1;
      }
    });

  return program;
}

buildProgram().parse(process.argv);
