import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { VivaceError } from '../../../../src/common/vivace-error.js';
import {
  checkFileSystemAccess,
  createFileSystem,
  FILE_SYSTEM_PROPERTY_KEYS,
  FILE_SYSTEM_SECRET_PROPERTY_KEYS,
} from '../../../../src/connectors/lake/fs/file-system-registry.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import { s3ConfigFromProperties } from '../../../../src/connectors/lake/fs/s3/s3-config.js';
import { rejectsWith } from '../lake-test-helpers.js';
import { type S3TestEnvironment, startS3TestEnvironment, testS3Properties } from './s3-test-server.js';

let env: S3TestEnvironment;
let scratch: string;
before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vivace-fs-registry-'));
  env = await startS3TestEnvironment(scratch, ['bucket']);
});
after(async () => {
  await env?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('lake file-system registry', () => {
  it('opens file:// and s3:// locations through one file system made from the catalog properties', async () => {
    const fs = createFileSystem({ ...testS3Properties(env.proxy.endpoint), 's3.max-error-retries': '2' });
    const local = fileLocation(join(scratch, 'local.txt'));
    await fs.replace(local, new TextEncoder().encode('disk'));
    await fs.replace('s3://bucket/x/remote.txt', new TextEncoder().encode('bucket'));
    assert.equal(new TextDecoder().decode(await fs.readFile(local)), 'disk');
    assert.equal(new TextDecoder().decode(await fs.readFile('s3a://bucket/x/remote.txt')), 'bucket');
    assert.ok(env.proxy.count('GET', '/bucket/x/remote.txt') >= 1, 'the s3 read went to the server');
    await checkFileSystemAccess(fs, 's3://bucket/x');
    await fs.close();
  });

  it('refuses s3:// when native S3 is not enabled, saying which property turns it on', async () => {
    const fs = createFileSystem({});
    await rejectsWith(fs.readFile('s3://bucket/k'), 'HIVE_FILESYSTEM_ERROR', "scheme 's3'", 'fs.native-s3.enabled');
    await rejectsWith(fs.readFile('gs://bucket/k'), 'HIVE_FILESYSTEM_ERROR', "scheme 'gs'");
  });

  it('fails the access check at once, naming the location, when the endpoint is unreachable', async () => {
    const fs = createFileSystem({ ...testS3Properties('http://127.0.0.1:1'), 's3.max-error-retries': '5' });
    await rejectsWith(
      checkFileSystemAccess(fs, 's3://bucket/warehouse'),
      'HIVE_FILESYSTEM_ERROR',
      's3://bucket/warehouse',
      'after 1 attempts',
    );
    await fs.close();
  });

  it("reads Trino's S3 keys, with the AWS_* environment variables as fallbacks, and rejects bad values by key", () => {
    const config = s3ConfigFromProperties(
      { 's3.region': 'eu-west-1', 's3.path-style-access': 'true', 's3.streaming.part-size': '32MB' },
      { AWS_ACCESS_KEY_ID: 'AK', AWS_SECRET_ACCESS_KEY: 'SK', AWS_SESSION_TOKEN: 'TOKEN' },
    );
    assert.equal(config.endpoint, 'https://s3.eu-west-1.amazonaws.com');
    assert.equal(config.pathStyleAccess, true);
    assert.equal(config.partSize, 32 * 1024 * 1024);
    assert.deepEqual(config.credentials, { accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: 'TOKEN' });
    const fromEnv = s3ConfigFromProperties({}, { AWS_REGION: 'us-west-2', AWS_ENDPOINT_URL_S3: 'http://minio:9000' });
    assert.equal(fromEnv.region, 'us-west-2');
    assert.equal(fromEnv.endpoint, 'http://minio:9000');
    assert.equal(fromEnv.credentials, undefined);
    for (const [key, value] of [
      ['s3.path-style-access', 'yes'],
      ['s3.streaming.part-size', '1MB'],
      ['s3.max-connections', '0'],
      ['s3.endpoint', 'ftp://x'],
    ] as const) {
      assert.throws(
        () => s3ConfigFromProperties({ [key]: value }, {}),
        (e: unknown) => e instanceof VivaceError && e.errorName === 'CONFIGURATION_INVALID' && e.message.includes(key),
      );
    }
    assert.throws(() => s3ConfigFromProperties({ 's3.aws-access-key': 'a' }, {}), /together/);
    assert.ok(FILE_SYSTEM_PROPERTY_KEYS.includes('s3.endpoint'));
    assert.deepEqual(FILE_SYSTEM_SECRET_PROPERTY_KEYS, ['s3.aws-secret-key']);
  });
});
