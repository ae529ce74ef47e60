import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CachingDirectoryLister, isHiddenPath } from '../../../../src/connectors/lake/fs/directory-lister.js';
import type { FileSystem } from '../../../../src/connectors/lake/fs/file-system.js';
import { LocalFileSystem } from '../../../../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { temporaryDirectory } from '../lake-test-helpers.js';

describe('lake directory lister', () => {
  it('hides names starting with a dot or an underscore at any level', () => {
    assert.equal(isHiddenPath('part-0.parquet'), false);
    assert.equal(isHiddenPath('.part-0.parquet.1a2b.inprogress'), true);
    assert.equal(isHiddenPath('_SUCCESS'), true);
    assert.equal(isHiddenPath('_temporary/0/part-1'), true);
    assert.equal(isHiddenPath('sub/.trinoSchema'), true);
  });

  it('lists the visible data files, directly or recursively, and caches the listing until invalidated', async () => {
    const dir = await temporaryDirectory();
    await mkdir(join(dir, 'sub', 'deeper'), { recursive: true });
    await mkdir(join(dir, '_temporary'), { recursive: true });
    for (const path of [
      'a.parquet',
      '_SUCCESS',
      '.hidden',
      'sub/b.parquet',
      'sub/deeper/c.parquet',
      '_temporary/x.parquet',
    ]) {
      await writeFile(join(dir, path), 'x');
    }
    let listings = 0;
    const local = new LocalFileSystem();
    const counting: FileSystem = Object.assign(Object.create(local) as LocalFileSystem, {
      list: (directory: string) => {
        listings++;
        return local.list(directory);
      },
    });
    const lister = new CachingDirectoryLister(counting);
    const base = fileLocation(dir);
    assert.deepEqual(
      (await lister.listFiles(base)).map((f) => f.location),
      [`${base}/a.parquet`],
    );
    assert.deepEqual(
      (await lister.listFiles(`${base}/`, true)).map((f) => f.location),
      [`${base}/a.parquet`, `${base}/sub/b.parquet`, `${base}/sub/deeper/c.parquet`],
    );
    assert.equal(listings, 2);
    await lister.listFiles(base);
    assert.equal(listings, 2, 'served from the cache');
    await writeFile(join(dir, 'new.parquet'), 'x');
    lister.invalidate(`${base}/sub`); // a write below the directory invalidates the listings above it too
    assert.equal((await lister.listFiles(base)).length, 2);
    assert.equal(listings, 3);
  });

  it('expires listings and can be disabled', async () => {
    const dir = await temporaryDirectory();
    let now = 0;
    const lister = new CachingDirectoryLister(new LocalFileSystem(), { ttlMillis: 1000, now: () => now });
    const base = fileLocation(dir);
    assert.equal((await lister.listFiles(base)).length, 0);
    await writeFile(join(dir, 'f'), 'x');
    assert.equal((await lister.listFiles(base)).length, 0);
    now = 2000;
    assert.equal((await lister.listFiles(base)).length, 1);
    const uncached = new CachingDirectoryLister(new LocalFileSystem(), { ttlMillis: 0 });
    await writeFile(join(dir, 'g'), 'x');
    assert.equal((await uncached.listFiles(base)).length, 2);
  });
});
