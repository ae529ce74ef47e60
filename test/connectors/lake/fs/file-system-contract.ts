/**
 * The contract every lake file system keeps, as one suite run against each implementation (the
 * local disk and S3 behind a real S3-compatible server): listing, ranged reads, tails, writes
 * visible only at commit, aborts, exclusive creates, replaces, deletes, and errors naming the
 * location. Only the FileSystem interface is used, so the same assertions hold for every store.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FileSystem } from '../../../../src/connectors/lake/fs/file-system.js';
import { collect, rejectsWith } from '../lake-test-helpers.js';

export interface ContractTarget {
  readonly fs: FileSystem;
  /** A fresh, empty directory location for one test. */
  newDirectory(): Promise<string>;
}

const text = (s: string) => new TextEncoder().encode(s);

export function fileSystemContract(setup: () => Promise<ContractTarget>): void {
  it('contract: lists files below a directory at any depth in name order, and directories one level down', async () => {
    const { fs, newDirectory } = await setup();
    const base = await newDirectory();
    await fs.replace(`${base}/t/ds=2024-01-02/b.parquet`, text('bb'));
    await fs.replace(`${base}/t/ds=2024-01-01/a.parquet`, text('a'));
    await fs.replace(`${base}/t/top.csv`, text('12345'));
    await fs.replace(`${base}/t-other/x`, text('x')); // shares the name prefix, not the directory
    const files = await collect(fs.list(`${base}/t`));
    assert.deepEqual(
      files.map((f) => [f.location, f.size]),
      [
        [`${base}/t/ds=2024-01-01/a.parquet`, 1],
        [`${base}/t/ds=2024-01-02/b.parquet`, 2],
        [`${base}/t/top.csv`, 5],
      ],
    );
    assert.ok(files.every((f) => Math.abs(f.lastModified - Date.now()) < 120_000));
    assert.deepEqual(await collect(fs.list(`${base}/t/`)), files, 'a trailing slash lists the same');
    assert.deepEqual(await fs.listDirectories(`${base}/t`), ['ds=2024-01-01', 'ds=2024-01-02']);
    assert.deepEqual(await collect(fs.list(`${base}/missing`)), []);
    assert.deepEqual(await fs.listDirectories(`${base}/missing`), []);
    assert.equal(await fs.directoryExists(`${base}/t`), true);
    assert.equal(await fs.directoryExists(`${base}/missing`), false);
  });

  it('contract: reads byte ranges and tails, and names the file when a range is past its end', async () => {
    const { fs, newDirectory } = await setup();
    const location = `${await newDirectory()}/f.bin`;
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    await fs.replace(location, bytes);
    assert.deepEqual(await fs.readRange(location, 10, 5), bytes.subarray(10, 15));
    assert.deepEqual(await fs.readRange(location, 0, 0), new Uint8Array(0));
    const tail = await fs.readTail(location, 8);
    assert.equal(tail.fileSize, 1000);
    assert.deepEqual(tail.bytes, bytes.subarray(992));
    const all = await fs.readTail(location, 5000);
    assert.deepEqual(all.bytes, bytes, 'a tail longer than the file is the whole file');
    assert.equal(all.fileSize, 1000);
    assert.equal((await fs.stat(location)).size, 1000);
    assert.deepEqual(await fs.readFile(location), bytes);
    await rejectsWith(fs.readRange(location, 995, 10), 'HIVE_FILESYSTEM_ERROR', location, 'past the end');
    await rejectsWith(fs.readRange(location, -1, 10), 'HIVE_FILESYSTEM_ERROR', location);
  });

  it('contract: a missing file is HIVE_FILE_NOT_FOUND naming it', async () => {
    const { fs, newDirectory } = await setup();
    const location = `${await newDirectory()}/nope.parquet`;
    await rejectsWith(fs.stat(location), 'HIVE_FILE_NOT_FOUND', location);
    await rejectsWith(fs.readRange(location, 0, 1), 'HIVE_FILE_NOT_FOUND', location);
    await rejectsWith(fs.readTail(location, 1), 'HIVE_FILE_NOT_FOUND', location);
    await rejectsWith(fs.readFile(location), 'HIVE_FILE_NOT_FOUND', location);
    assert.equal(await fs.exists(location), false);
    await fs.delete(location); // deleting a missing file is not an error
  });

  it('contract: a streamed write becomes visible only at commit, whole', async () => {
    const { fs, newDirectory } = await setup();
    const dir = await newDirectory();
    const location = `${dir}/sub/out.bin`;
    const output = await fs.newOutputFile(location);
    await output.write(Uint8Array.of(1, 2, 3));
    await output.write(Uint8Array.of(4));
    assert.equal(output.bytesWritten, 4);
    assert.equal(await fs.exists(location), false, 'not visible before commit');
    await output.commit();
    assert.deepEqual(await fs.readFile(location), Uint8Array.of(1, 2, 3, 4));
    assert.deepEqual(
      (await collect(fs.list(dir))).map((f) => f.location),
      [location],
      'nothing else is left',
    );
  });

  it('contract: abort leaves nothing behind and keeps an existing file', async () => {
    const { fs, newDirectory } = await setup();
    const dir = await newDirectory();
    const location = `${dir}/keep.bin`;
    await fs.replace(location, text('old'));
    const output = await fs.newOutputFile(location);
    await output.write(Uint8Array.of(9, 9));
    await output.abort();
    await output.abort(); // idempotent
    assert.deepEqual(await fs.readFile(location), text('old'));
    assert.deepEqual(
      (await collect(fs.list(dir))).map((f) => f.location),
      [location],
    );
    await rejectsWith(output.write(Uint8Array.of(1)), 'HIVE_FILESYSTEM_ERROR', location);
  });

  it('contract: creates exclusively (the second create fails, the first content stays) and replaces', async () => {
    const { fs, newDirectory } = await setup();
    const location = `${await newDirectory()}/m/.trinoSchema`;
    await fs.createExclusive(location, text('first'));
    await rejectsWith(fs.createExclusive(location, text('second')), 'HIVE_PATH_ALREADY_EXISTS', location);
    assert.deepEqual(await fs.readFile(location), text('first'));
    await fs.replace(location, text('third'));
    assert.deepEqual(await fs.readFile(location), text('third'));
  });

  it('contract: deletes files and whole directories', async () => {
    const { fs, newDirectory } = await setup();
    const dir = await newDirectory();
    await fs.replace(`${dir}/t/p=1/x`, text('x'));
    await fs.replace(`${dir}/t/y`, text('y'));
    await fs.replace(`${dir}/t2/z`, text('z'));
    await fs.delete(`${dir}/t/y`);
    assert.deepEqual(await fs.listDirectories(`${dir}/t`), ['p=1']);
    assert.equal(await fs.exists(`${dir}/t/y`), false);
    await fs.deleteDirectory(`${dir}/t`);
    assert.deepEqual(await collect(fs.list(`${dir}/t`)), []);
    assert.equal(await fs.directoryExists(`${dir}/t`), false);
    assert.equal(await fs.exists(`${dir}/t2/z`), true, 'a sibling sharing the name prefix is kept');
    await fs.deleteDirectory(`${dir}/t`); // already gone
  });

  it('contract: keeps %XX escapes of Hive partition names as written', async () => {
    const { fs, newDirectory } = await setup();
    const dir = await newDirectory();
    const location = `${dir}/ts=2024-01-01 10%3A00/f`;
    await fs.replace(location, Uint8Array.of(1));
    assert.deepEqual(await fs.listDirectories(dir), ['ts=2024-01-01 10%3A00']);
    assert.deepEqual(
      (await collect(fs.list(dir))).map((f) => f.location),
      [location],
    );
    assert.deepEqual(await fs.readFile(location), Uint8Array.of(1));
  });
}
