/** Helpers shared by the lake connector tests: temporary directories and error assertions. */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { VivaceError } from '../../../src/common/vivace-error.js';

/** A fresh temporary directory, removed when the test file's tests are done. */
export async function temporaryDirectory(prefix = 'vivace-lake-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Asserts that `promise` rejects with a VivaceError of `name` whose message contains every `fragments`. */
export async function rejectsWith(
  promise: Promise<unknown> | (() => Promise<unknown>),
  name: string,
  ...fragments: string[]
): Promise<VivaceError> {
  let caught: unknown;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof VivaceError, `expected a VivaceError ${name}, got ${String(caught)}`);
  assert.equal(caught.errorName, name, caught.message);
  for (const fragment of fragments)
    assert.ok(caught.message.includes(fragment), `'${caught.message}' lacks '${fragment}'`);
  return caught;
}

/** Same as rejectsWith for synchronous code. */
export function throwsWith(fn: () => unknown, name: string, ...fragments: string[]): VivaceError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof VivaceError, `expected a VivaceError ${name}, got ${String(caught)}`);
  assert.equal(caught.errorName, name, caught.message);
  for (const fragment of fragments)
    assert.ok(caught.message.includes(fragment), `'${caught.message}' lacks '${fragment}'`);
  return caught;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
