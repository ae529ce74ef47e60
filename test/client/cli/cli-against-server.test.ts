/**
 * The CLI against a real server: batch mode in-process with captured output, and the interactive
 * shell driven in a pseudo-terminal (`script` from util-linux) as a person would use it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runBatch } from '../../../src/client/cli/batch-runner.js';
import { newClientSession } from '../../../src/client/client-session.js';
import type { OutputFormat } from '../../../src/client/output/output-printer.js';
import { type RunningServer, startLocalServer } from '../../../src/server/startup/local-server.js';

const bin = fileURLToPath(new URL('../../../src/bin/vivace.js', import.meta.url));

let server: RunningServer;
before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(async () => {
  await server.close();
});

async function batch(sql: string, format: OutputFormat = 'CSV'): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const session = newClientSession(server.url, 'test', { catalog: 'tpch', schema: 'tiny' });
  const code = await runBatch(
    session,
    sql,
    { format, debug: false, ignoreErrors: false },
    { out: { write: (t: string) => (out += t) }, err: { write: (t: string) => (err += t) }, statusTerminal: false },
  );
  return { code, out, err };
}

describe('CLI batch mode against a server', () => {
  it('prints rows in the chosen format and exits 0', async () => {
    const result = await batch('select name, regionkey from nation where nationkey < 2 order by 1', 'CSV_HEADER');
    assert.equal(result.code, 0);
    assert.equal(result.out, '"name","regionkey"\n"ALGERIA","0"\n"ARGENTINA","1"\n');
  });
  it('runs several statements and USE in order', async () => {
    const result = await batch('use tpch.sf1; select count(*) from region; select 2', 'TSV');
    assert.equal(result.out, '5\n2\n');
  });
  it('shows a failing statement with a caret and exits non-zero, skipping the rest', async () => {
    const result = await batch('select 1;\nselect nosuch\nfrom nation; select 3', 'CSV');
    assert.equal(result.code, 1);
    assert.equal(result.out, '"1"\n');
    assert.match(
      result.err,
      /^Query \S+ failed: line 1:8: Column 'nosuch' cannot be resolved\nselect nosuch\n {7}\^\nfrom nation\n$/,
    );
  });
  it('reports an unreachable server clearly, at once', async () => {
    let err = '';
    const started = Date.now();
    const code = await runBatch(
      newClientSession('http://127.0.0.1:1', 'test'),
      'select 1',
      { format: 'CSV', debug: false, ignoreErrors: false },
      { out: { write: () => true }, err: { write: (t: string) => (err += t) }, statusTerminal: false },
    );
    assert.equal(code, 1);
    assert.match(err, /^Error running command: /);
    // A refused POST is not retried with back-off (about 11 s before).
    assert.ok(Date.now() - started < 5000, `failed after ${Date.now() - started} ms`);
  });
});

/** Runs the shell in a pseudo-terminal, feeding `steps` (text, then a pause in ms) to its input. */
function shell(steps: readonly [string, number][], history: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const command = `${process.execPath} ${bin} cli --server ${server.url} --catalog tpch --schema tiny --history-file ${history}`;
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(output.replaceAll('\r', ''));
    });
    void (async () => {
      for (const [text, pause] of steps) {
        child.stdin.write(text);
        await new Promise((r) => setTimeout(r, pause));
      }
      child.stdin.end();
    })();
  });
}

describe('CLI interactive shell in a terminal', () => {
  it('runs multi-line statements, shows errors with a caret, keeps history, and cancels with Ctrl-C', async () => {
    const history = join(mkdtempSync(join(tmpdir(), 'vivace-cli-')), 'history');
    const output = await shell(
      [
        ['select name\n', 300],
        ['from region order by 1 limit 2;\n', 1500],
        ['select nosuch from region;\n', 1500],
        ['select sum(quantity) from tpch.sf100.lineitem;\n', 2500],
        ['\x03', 2000],
        ['select 42;\n', 1500],
        ['quit\n', 500],
      ],
      history,
    );
    assert.match(output, / {2}name {3}\n-{9}\n AFRICA {2}\n AMERICA \n\(2 rows\)/);
    assert.match(output, /failed: line 1:8: Column 'nosuch' cannot be resolved\nselect nosuch from region\n {7}\^/);
    assert.match(output, /failed: Query was canceled/);
    assert.match(output, / _col0 \n-+\n {4}42 \n\(1 row\)/);
    assert.equal(
      readFileSync(history, 'utf8'),
      'select name from region order by 1 limit 2;\nselect nosuch from region;\nselect sum(quantity) from tpch.sf100.lineitem;\nselect 42;\n',
    );
  });
});
