import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { S3FileSystem } from '../../../../src/connectors/lake/fs/s3-file-system.js';
import { collect, rejectsWith } from '../lake-test-helpers.js';
import { fileSystemContract } from './file-system-contract.js';
import { type S3TestEnvironment, startS3TestEnvironment, testS3Config } from './s3-test-server.js';

let env: S3TestEnvironment;
let fs: S3FileSystem;
let counter = 0;
const newDirectory = async () => `s3://bucket/test-${process.pid}-${++counter}`;
const text = (s: string) => new TextEncoder().encode(s);

before(async () => {
  // (not temporaryDirectory(): its clean-up registered inside a hook would run when the hook ends)
  env = await startS3TestEnvironment(await mkdtemp(join(tmpdir(), 'vivace-s3-')), ['bucket', 'other']);
  fs = new S3FileSystem(testS3Config(env.proxy.endpoint));
});
after(async () => {
  await fs?.close();
  await env?.close();
});

describe('lake file system contract: S3 (s3rver behind a recording proxy)', () => {
  fileSystemContract(async () => ({ fs, newDirectory }));
});

describe('lake S3 file system', () => {
  it('reads a tail with one suffix-range GET that also gives the size, and a range with one ranged GET', async () => {
    const location = `${await newDirectory()}/data.parquet`;
    const bytes = randomBytes(50_000);
    await fs.replace(location, bytes);
    const before = env.proxy.requests.length;
    const tail = await fs.readTail(location, 8);
    assert.equal(tail.fileSize, 50_000);
    assert.deepEqual(tail.bytes, new Uint8Array(bytes.subarray(49_992)));
    assert.deepEqual(await fs.readRange(location, 1000, 3000), new Uint8Array(bytes.subarray(1000, 4000)));
    const made = env.proxy.requests.slice(before);
    assert.deepEqual(
      made.map((r) => [r.method, r.range]),
      [
        ['GET', 'bytes=-8'],
        ['GET', 'bytes=1000-3999'],
      ],
    );
  });

  it('lists page by page with continuation tokens, and common prefixes for directories', async () => {
    const small = new S3FileSystem({ ...testS3Config(env.proxy.endpoint) });
    const dir = await newDirectory();
    for (let i = 0; i < 7; i++) await fs.replace(`${dir}/p=${i}/f${i}`, text(String(i)));
    const before = env.proxy.requests.length;
    const listed: string[] = [];
    for await (const page of (
      small as unknown as {
        listPages(
          b: string,
          p: string,
          d: string | undefined,
          l: string,
          n: number,
        ): AsyncIterable<{ objects: { key: string }[] }>;
      }
    ).listPages('bucket', `${dir.slice('s3://bucket/'.length)}/`, undefined, dir, 3)) {
      listed.push(...page.objects.map((o) => o.key));
    }
    assert.equal(listed.length, 7);
    const lists = env.proxy.requests.slice(before).filter((r) => r.query.get('list-type') === '2');
    assert.equal(lists.length, 3, '7 keys in pages of 3');
    assert.equal(lists[0]?.query.has('continuation-token'), false);
    assert.equal(lists[1]?.query.has('continuation-token'), true);
    assert.deepEqual(await fs.listDirectories(dir), ['p=0', 'p=1', 'p=2', 'p=3', 'p=4', 'p=5', 'p=6']);
    await small.close();
  });

  it('retries 503 SlowDown answers and connection resets with back-off, then succeeds', async () => {
    const location = `${await newDirectory()}/retry.bin`;
    await fs.replace(location, text('hello'));
    const retriesBefore = fs.stats.retries;
    env.proxy.failNext(2, (r) => r.method === 'GET' && r.path.endsWith('/retry.bin'));
    assert.deepEqual(await fs.readFile(location), text('hello'));
    env.proxy.resetNext(1, (r) => r.method === 'GET' && r.path.endsWith('/retry.bin'));
    assert.deepEqual(await fs.readRange(location, 1, 3), text('ell'));
    assert.equal(fs.stats.retries - retriesBefore, 3);
  });

  it('gives up after s3.max-error-retries with an error naming the object', async () => {
    const location = `${await newDirectory()}/down.bin`;
    await fs.replace(location, text('x'));
    env.proxy.failNext(4, (r) => r.path.endsWith('/down.bin'), 500);
    await rejectsWith(fs.readFile(location), 'HIVE_FILESYSTEM_ERROR', location, 'S3 500', 'after 4 attempts');
  });

  it('names the object on 403 and on a missing bucket', async () => {
    const location = `${await newDirectory()}/secret.bin`;
    env.proxy.interceptors.push((_req, res, r) => {
      if (!r.path.endsWith('/secret.bin')) return false;
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return true;
    });
    await rejectsWith(fs.readFile(location), 'HIVE_FILESYSTEM_ERROR', 'Access Denied', location);
    await rejectsWith(
      fs.readFile('s3://no-such-bucket/k'),
      'HIVE_FILESYSTEM_ERROR',
      's3://no-such-bucket/k',
      'NoSuchBucket',
    );
    await rejectsWith(fs.readFile('file:///etc/hostname'), 'HIVE_FILESYSTEM_ERROR', "scheme 'file'");
  });

  it('writes a large file as a multipart upload in parts, visible only when completed', async () => {
    const location = `${await newDirectory()}/big.bin`;
    const bytes = randomBytes(11 * 1024 * 1024 + 123);
    const before = env.proxy.requests.length;
    const output = await fs.newOutputFile(location);
    for (let offset = 0; offset < bytes.length; offset += 1024 * 1024) {
      await output.write(bytes.subarray(offset, Math.min(bytes.length, offset + 1024 * 1024)));
    }
    assert.equal(await fs.exists(location), false, 'two parts are up, nothing is visible');
    await output.commit();
    const made = env.proxy.requests.slice(before).filter((r) => r.method !== 'HEAD');
    assert.deepEqual(
      made.map((r) => `${r.method} ${[...r.query.keys()].join(',')}`),
      [
        'POST uploads',
        'PUT partNumber,uploadId',
        'PUT partNumber,uploadId',
        'PUT partNumber,uploadId',
        'POST uploadId',
      ],
    );
    assert.equal((await fs.stat(location)).size, bytes.length);
    assert.deepEqual(
      await fs.readRange(location, 5 * 1024 * 1024 - 2, 4),
      new Uint8Array(bytes.subarray(5 * 1024 * 1024 - 2, 5 * 1024 * 1024 + 2)),
    );
  });

  it('aborts the multipart upload when a part fails, leaving nothing visible', async () => {
    const location = `${await newDirectory()}/failing.bin`;
    const output = await fs.newOutputFile(location);
    await output.write(randomBytes(5 * 1024 * 1024)); // part 1 goes up
    env.proxy.failNext(10, (r) => r.method === 'PUT' && r.query.get('partNumber') === '2', 500);
    await rejectsWith(output.write(randomBytes(5 * 1024 * 1024)), 'HIVE_FILESYSTEM_ERROR', location);
    assert.equal(env.proxy.abortedUploads.length > 0, true, 'AbortMultipartUpload was sent');
    assert.equal(await fs.exists(location), false);
    await output.abort(); // after a failure, still safe
  });

  it('creates exclusively with a conditional PUT (If-None-Match: *), or by checking first when the store has none', async () => {
    const location = `${await newDirectory()}/.trinoSchema`;
    await fs.createExclusive(location, text('a'));
    const puts = env.proxy.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/.trinoSchema')).length;
    await rejectsWith(fs.createExclusive(location, text('b')), 'HIVE_PATH_ALREADY_EXISTS', location);
    assert.equal(
      env.proxy.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/.trinoSchema')).length,
      puts + 1,
      'the second create is one conditional PUT, refused with 412',
    );
    const checking = new S3FileSystem(testS3Config(env.proxy.endpoint, { exclusiveCreate: false }));
    await rejectsWith(checking.createExclusive(location, text('c')), 'HIVE_PATH_ALREADY_EXISTS', location);
    assert.deepEqual(await fs.readFile(location), text('a'));
    await checking.close();
  });

  it('deletes a directory with DeleteObjects requests, not one DELETE per file', async () => {
    const dir = await newDirectory();
    await Promise.all(Array.from({ length: 25 }, (_, i) => fs.replace(`${dir}/f${i}`, text('x'))));
    const before = env.proxy.requests.length;
    const retriesBefore = fs.stats.retries;
    await fs.deleteDirectory(dir);
    const made = env.proxy.requests.slice(before);
    const deletes = made.filter((r) => r.method === 'POST' && r.query.has('delete'));
    // s3rver races on its own directories when deleting siblings at once and may answer 500: retried
    assert.equal(deletes.length - (fs.stats.retries - retriesBefore), 1, '25 keys in one DeleteObjects request');
    assert.equal(made.filter((r) => r.method === 'DELETE').length, 0);
    assert.deepEqual(await collect(fs.list(dir)), []);
  });

  it('bounds the requests in flight by s3.max-connections', async () => {
    const bounded = new S3FileSystem(testS3Config(env.proxy.endpoint, { maxConnections: 2 }));
    const location = `${await newDirectory()}/c.bin`;
    await fs.replace(location, randomBytes(1000));
    env.proxy.delayMillis = 20; // so that requests would overlap if the client let them
    env.proxy.peakInFlight = 0;
    await Promise.all(Array.from({ length: 12 }, (_, i) => bounded.readRange(location, i, 10)));
    env.proxy.delayMillis = 0;
    assert.equal(env.proxy.peakInFlight, 2, 'two requests at once, never more');
    await bounded.close();
  });
});
