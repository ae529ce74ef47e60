#!/usr/bin/env node
// Runs the compiled test files (dist/test/**/*.test.js) with node's built-in test runner.
// Node 20's runner takes no globs, and given a directory it would also run every helper module
// under a `test/` folder, so the files are listed here. Arguments filter by substring of the path.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

function findTests(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findTests(path));
    else if (entry.name.endsWith('.test.js')) out.push(path);
  }
  return out;
}

const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
// A compiled test whose source was moved or deleted stays in dist/ (tsc never removes output):
// only tests with a source file run.
const hasSource = (compiled) => existsSync(compiled.replace(/^dist[\\/]/, '').replace(/\.test\.js$/, '.test.ts'));
const files = findTests('dist/test')
  .filter(hasSource)
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files found under dist/test (did the build run?)');
  process.exit(1);
}
const reporter = ['--test-reporter=spec'];
// No single test may run longer than ten minutes, and the whole suite is stopped after forty: CI
// reports a failure instead of hanging until its own limit. Not `--test-force-exit`: Node 20's
// runner then sometimes ends a file before all of its suites have run and reports the rest as
// if they had never existed (casts.test.ts ran 76-86 of its 86 tests, no failure reported). A
// file that leaves a server or timer behind now hangs the suite until the limit above: a failure.
const guards = ['--test-timeout=600000'];
const SUITE_LIMIT_MS = 40 * 60 * 1000;
const result = spawnSync(
  process.execPath,
  ['--test', ...reporter, ...guards, ...flags, ...files.map((f) => relative('.', f))],
  { stdio: 'inherit', timeout: SUITE_LIMIT_MS, killSignal: 'SIGKILL' },
);
if (result.error) console.error(`the test suite did not finish: ${result.error.message}`);
process.exit(result.status ?? 1);
