import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LocalFileSystem } from '../../../../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { collect, rejectsWith, temporaryDirectory } from '../lake-test-helpers.js';

const fs = new LocalFileSystem();

describe('lake local file system', () => {
  it('lists every file below a directory, recursively, in name order, with sizes and times', async () => {
    const dir = await temporaryDirectory();
    await mkdir(join(dir, 't', 'ds=2024-01-02'), { recursive: true });
    await mkdir(join(dir, 't', 'ds=2024-01-01'), { recursive: true });
    await writeFile(join(dir, 't', 'ds=2024-01-02', 'b.parquet'), 'bb');
    await writeFile(join(dir, 't', 'ds=2024-01-01', 'a.parquet'), 'a');
    await writeFile(join(dir, 't', 'top.csv'), '12345');
    const base = fileLocation(join(dir, 't'));
    const files = await collect(fs.list(base));
    assert.deepEqual(
      files.map((f) => [f.location, f.size]),
      [
        [`${base}/ds=2024-01-01/a.parquet`, 1],
        [`${base}/ds=2024-01-02/b.parquet`, 2],
        [`${base}/top.csv`, 5],
      ],
    );
    assert.ok(files.every((f) => Math.abs(f.lastModified - Date.now()) < 60_000));
    assert.deepEqual(await collect(fs.list(`${base}/`)), files, 'a trailing slash lists the same');
    assert.deepEqual(await fs.listDirectories(base), ['ds=2024-01-01', 'ds=2024-01-02']);
    assert.deepEqual(await collect(fs.list(`${base}/missing`)), []);
    assert.deepEqual(await fs.listDirectories(`${base}/missing`), []);
    assert.equal(await fs.directoryExists(base), true);
    assert.equal(await fs.directoryExists(`${base}/missing`), false);
  });

  it('reads byte ranges and tails through a handle, and names the file when a range is past its end', async () => {
    const dir = await temporaryDirectory();
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    await writeFile(join(dir, 'f.bin'), bytes);
    const location = fileLocation(join(dir, 'f.bin'));
    assert.deepEqual(await fs.readRange(location, 10, 5), bytes.subarray(10, 15));
    assert.deepEqual(await fs.readRange(location, 0, 0), new Uint8Array(0));
    const tail = await fs.readTail(location, 8);
    assert.equal(tail.fileSize, 1000);
    assert.deepEqual(tail.bytes, bytes.subarray(992));
    const all = await fs.readTail(location, 5000);
    assert.deepEqual(all.bytes, bytes, 'a tail longer than the file is the whole file');
    assert.deepEqual((await fs.stat(location)).size, 1000);
    await rejectsWith(fs.readRange(location, 995, 10), 'HIVE_FILESYSTEM_ERROR', location, 'past the end');
    await rejectsWith(fs.readRange(location, -1, 10), 'HIVE_FILESYSTEM_ERROR', location);
  });

  it('reports a missing file as HIVE_FILE_NOT_FOUND naming it', async () => {
    const dir = await temporaryDirectory();
    const location = fileLocation(join(dir, 'nope.parquet'));
    await rejectsWith(fs.stat(location), 'HIVE_FILE_NOT_FOUND', location);
    await rejectsWith(fs.readRange(location, 0, 1), 'HIVE_FILE_NOT_FOUND', location);
    await rejectsWith(fs.readTail(location, 1), 'HIVE_FILE_NOT_FOUND', location);
    await rejectsWith(fs.readFile(location), 'HIVE_FILE_NOT_FOUND', location);
    assert.equal(await fs.exists(location), false);
    await fs.delete(location); // deleting a missing file is not an error
  });

  it('streams a write in parts that becomes visible only at commit', async () => {
    const dir = await temporaryDirectory();
    const location = fileLocation(join(dir, 'sub', 'out.bin'));
    const output = await fs.newOutputFile(location);
    await output.write(Uint8Array.of(1, 2, 3));
    await output.write(Uint8Array.of(4));
    assert.equal(output.bytesWritten, 4);
    assert.equal(await fs.exists(location), false, 'not visible before commit');
    assert.deepEqual(
      (await collect(fs.list(fileLocation(dir)))).map((f) => f.location.endsWith('.inprogress')),
      [true],
      'only a hidden in-progress file exists',
    );
    await output.commit();
    assert.deepEqual(await fs.readFile(location), Uint8Array.of(1, 2, 3, 4));
    assert.deepEqual(await readdir(join(dir, 'sub')), ['out.bin'], 'no temporary file is left');
  });

  it('abort leaves nothing behind and keeps an existing file', async () => {
    const dir = await temporaryDirectory();
    await writeFile(join(dir, 'keep.bin'), 'old');
    const location = fileLocation(join(dir, 'keep.bin'));
    const output = await fs.newOutputFile(location);
    await output.write(Uint8Array.of(9, 9));
    await output.abort();
    await output.abort(); // idempotent
    assert.deepEqual(await readdir(dir), ['keep.bin']);
    assert.equal(await readFile(join(dir, 'keep.bin'), 'utf8'), 'old');
    await rejectsWith(output.write(Uint8Array.of(1)), 'HIVE_FILESYSTEM_ERROR', location);
  });

  it('creates exclusively: the second create of a file fails and leaves the first content', async () => {
    const dir = await temporaryDirectory();
    const location = fileLocation(join(dir, 'm', '.trinoSchema'));
    await fs.createExclusive(location, new TextEncoder().encode('first'));
    await rejectsWith(
      fs.createExclusive(location, new TextEncoder().encode('second')),
      'HIVE_PATH_ALREADY_EXISTS',
      location,
    );
    assert.equal(await readFile(join(dir, 'm', '.trinoSchema'), 'utf8'), 'first');
    assert.deepEqual(await readdir(join(dir, 'm')), ['.trinoSchema']);
    await fs.replace(location, new TextEncoder().encode('third'));
    assert.equal(await readFile(join(dir, 'm', '.trinoSchema'), 'utf8'), 'third');
  });

  it('of two exclusive writers racing for one file, exactly one wins', async () => {
    const dir = await temporaryDirectory();
    const location = fileLocation(join(dir, 'race'));
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((text) => fs.createExclusive(location, new TextEncoder().encode(text))),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.deepEqual(await readdir(dir), ['race']);
  });

  it('deletes files and whole directories', async () => {
    const dir = await temporaryDirectory();
    await mkdir(join(dir, 't', 'p=1'), { recursive: true });
    await writeFile(join(dir, 't', 'p=1', 'x'), 'x');
    await writeFile(join(dir, 't', 'y'), 'y');
    await fs.delete(fileLocation(join(dir, 't', 'y')));
    assert.deepEqual(await readdir(join(dir, 't')), ['p=1']);
    await fs.deleteDirectory(fileLocation(join(dir, 't')));
    assert.deepEqual(await readdir(dir), []);
    await fs.deleteDirectory(fileLocation(join(dir, 't'))); // already gone
  });

  it("resolves Trino's local:/// locations under the root and refuses to leave it", async () => {
    const dir = await temporaryDirectory();
    const local = new LocalFileSystem({ localRoot: dir });
    await local.replace('local:///w/a.txt', new TextEncoder().encode('hi'));
    assert.equal(await readFile(join(dir, 'w', 'a.txt'), 'utf8'), 'hi');
    assert.equal(local.pathOf('local:///'), dir);
    await rejectsWith(local.readFile('local:///../etc/passwd'), 'HIVE_FILESYSTEM_ERROR', 'outside of the root');
    await rejectsWith(local.readFile('s3://bucket/key'), 'HIVE_FILESYSTEM_ERROR', "scheme 's3'");
    await rejectsWith(local.readFile('file://host/x'), 'HIVE_FILESYSTEM_ERROR', 'host');
    await rejectsWith(local.readFile('no-scheme'), 'HIVE_FILESYSTEM_ERROR', 'Invalid location');
  });

  it('keeps %XX escapes of Hive partition names as written (locations are not percent-decoded)', async () => {
    const dir = await temporaryDirectory();
    const location = fileLocation(join(dir, 'ts=2024-01-01 10%3A00', 'f'));
    await fs.replace(location, Uint8Array.of(1));
    assert.deepEqual(await readdir(dir), ['ts=2024-01-01 10%3A00']);
    assert.deepEqual(
      (await collect(fs.list(fileLocation(dir)))).map((f) => f.location),
      [location],
    );
  });
});
