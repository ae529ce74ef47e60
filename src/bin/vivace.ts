#!/usr/bin/env -S node --initial-old-space-size=256
/**
 * The `vivace` command: one binary with a sub-command per role. `start` runs a local cluster
 * (a coordinator and worker processes), `coordinator` and `worker` run one role each for
 * deployments across machines, `cli` is the interactive SQL client, `format` prints SQL back in
 * canonical form (a quick way to see how the parser read a statement).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { type CliOptions, runCli } from '../client/cli/cli-main.js';
import { VERSION } from '../common/version.js';
import { type ConfigOverrides, loadNodeConfig } from '../server/protocol/node-config.js';
import { formatStatementText } from './format-command.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('not a TCP port');
  return port;
}

function parseWorkerCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new InvalidArgumentError('not a worker count (1-256)');
  return count;
}

interface RoleOptions {
  readonly etc: string;
  readonly dataDir?: string;
  readonly port?: number;
  readonly nodeId?: string;
  readonly environment?: string;
  readonly discoveryUri?: string;
  readonly includeCoordinator?: boolean;
}

/** Flags and the launcher's environment override etc/config.properties and etc/node.properties. */
function roleOverrides(options: RoleOptions, coordinator: boolean, sharedSecret: string | undefined): ConfigOverrides {
  return {
    coordinator: String(coordinator),
    'node-scheduler.include-coordinator': options.includeCoordinator === false ? 'false' : undefined,
    'http-server.http.port': options.port === undefined ? undefined : String(options.port),
    'node.id': options.nodeId,
    'node.data-dir': options.dataDir,
    'node.environment': options.environment,
    'discovery.uri': options.discoveryUri,
    'internal-communication.shared-secret': sharedSecret,
  };
}

/**
 * The role processes' module and a role's configuration. The server roles load the whole engine
 * (1.2-1.3 s of module loading on a 2-core VM); the CLI needs none of it, so `vivace cli` and
 * `--help` import the roles only when they run one.
 */
async function loadRole(options: RoleOptions, coordinator: boolean) {
  const roles = await import('../server/startup/role-process.js');
  const secret = process.env[roles.SHARED_SECRET_ENVIRONMENT_VARIABLE];
  return { roles, config: loadNodeConfig(options.etc, roleOverrides(options, coordinator, secret)) };
}

function addRoleOptions(command: Command): Command {
  return command
    .option('--etc <dir>', 'configuration directory (config.properties, node.properties, catalog/)', 'etc')
    .option(
      '--data-dir <dir>',
      'data directory of the lake catalog (overrides node.data-dir; default: data beside etc)',
    )
    .option('--port <port>', 'HTTP port (overrides http-server.http.port; 0 picks a free one)', parsePort)
    .option('--node-id <id>', 'node id (overrides node.id)')
    .option('--environment <name>', 'environment name (overrides node.environment)');
}

function failStartup(error: unknown): void {
  process.stderr.write(`vivace: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

export function buildProgram(): Command {
  const program = new Command('vivace').description('Vivace distributed SQL query engine').version(VERSION);

  program
    .command('start')
    .description('start a coordinator and worker processes on loopback; Ctrl-C stops them all')
    .option('--port <port>', 'coordinator HTTP port', parsePort, 8080)
    .option('--workers <n>', 'number of worker processes (default: number of cores)', parseWorkerCount)
    .option('--etc <dir>', 'configuration directory (config.properties, node.properties, catalog/)', 'etc')
    .option('--data-dir <dir>', 'data directory of the lake catalog (default: data beside etc)')
    .action(async (options: { port: number; workers?: number; etc: string; dataDir?: string }) => {
      const workers = options.workers ?? availableParallelism();
      const { launchLocalCluster } = await import('../server/startup/local-cluster-launcher.js');
      const cluster = await launchLocalCluster({
        binPath: fileURLToPath(import.meta.url),
        port: options.port,
        workers,
        etcDirectory: options.etc,
        ...(options.dataDir !== undefined && { dataDirectory: options.dataDir }),
      }).catch(failStartup);
      if (!cluster) return;
      process.stdout.write(
        `Vivace ${VERSION} is running at ${cluster.url} (a coordinator and ${workers} worker${workers === 1 ? '' : 's'})\n` +
          `Catalogs: lake (your files; tables kept in the data directory), tpch (schemas tiny, sf1, sf10, ...), memory.\n` +
          `Try:\n  curl -s -X POST -H 'X-Service-User: me' -H 'X-Service-Catalog: tpch' -H 'X-Service-Schema: tiny' \\\n` +
          `       --data 'SELECT returnflag, count(*) FROM lineitem GROUP BY 1' ${cluster.url}/v1/statement\n` +
          `and follow nextUri, or: npx vivace cli --server ${cluster.url} --catalog tpch --schema tiny\n` +
          `Ctrl-C stops the cluster.\n`,
      );
      const stop = () => {
        void cluster.stop().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      void cluster.coordinatorExited.then(() => process.exit(1));
    });

  addRoleOptions(
    program
      .command('coordinator')
      .description('run a coordinator (reads etc/config.properties and etc/node.properties)')
      .option(
        '--no-include-coordinator',
        'workers are expected to run the work (node-scheduler.include-coordinator=false)',
      ),
  ).action(async (options: RoleOptions) => {
    try {
      const { roles, config } = await loadRole(options, true);
      await roles.runCoordinatorProcess(config);
    } catch (error) {
      failStartup(error);
    }
  });

  addRoleOptions(program.command('worker').description('run a worker that announces itself to a coordinator'))
    .option('--discovery-uri <url>', 'the coordinator URL to announce to (overrides discovery.uri)')
    .action(async (options: RoleOptions) => {
      try {
        const { roles, config } = await loadRole(options, false);
        await roles.runWorkerProcess(config);
      } catch (error) {
        failStartup(error);
      }
    });

  program
    .command('cli')
    .description('SQL client: an interactive shell, or batch mode with --execute/--file')
    .option('--server <url>', 'coordinator URL', 'http://127.0.0.1:8080')
    .option('--user <name>', 'user name (default: the operating-system user)')
    .option('--password', 'authenticate with a password (from VIVACE_PASSWORD, else prompted for; needs https://)')
    .option('--truststore-path <file>', 'PEM file of CA certificates to trust for an https:// server')
    .option('--insecure', 'do not check the server certificate (testing only)')
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
