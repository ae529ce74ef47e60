/**
 * The S3-compatible server of the tests, run as its own process so a test can kill it mid-request
 * and start it again on the same storage directory: s3rver (npm; objects kept as files under a
 * directory), on loopback. Arguments: <storage directory> <port or 0> <bucket>... . Reports
 * `{ type: 'ready', port }` over IPC once it listens.
 *
 * One fix to s3rver 3.7: a listing with a delimiter skips every directory below the first
 * delimiter after the prefix, so `t/` with the only object at `t/ds=1/region=eu/f` answers no
 * common prefix at all (S3 answers `t/ds=1/`); Hive-partitioned tables two levels deep looked
 * empty. Listings with a delimiter are computed here from the full listing under the prefix.
 */
import { createRequire } from 'node:module';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

interface ListedObject {
  readonly key: string;
}
interface Listing {
  objects: ListedObject[];
  commonPrefixes: string[];
  isTruncated: boolean;
}
interface ListOptions {
  readonly delimiter?: string;
  readonly prefix?: string;
  readonly maxKeys?: number;
}
type ListObjects = (this: unknown, bucket: string, options: ListOptions) => Promise<Listing>;

const require = createRequire(import.meta.url);
const store = require('s3rver/lib/stores/filesystem') as { prototype: { listObjects: ListObjects } };
const listAll = store.prototype.listObjects;
store.prototype.listObjects = async function listObjects(bucket, options) {
  const delimiter = options.delimiter ?? '';
  if (delimiter === '') return listAll.call(this, bucket, options);
  const prefix = options.prefix ?? '';
  const maxKeys = options.maxKeys ?? Number.POSITIVE_INFINITY;
  const all = await listAll.call(this, bucket, { ...options, delimiter: '', maxKeys: Number.POSITIVE_INFINITY });
  const commonPrefixes = new Set<string>();
  const objects: ListedObject[] = [];
  let isTruncated = false;
  for (const object of all.objects) {
    const at = object.key.indexOf(delimiter, prefix.length);
    if (at !== -1) commonPrefixes.add(object.key.slice(0, at + delimiter.length));
    else if (objects.length < maxKeys) objects.push(object);
    else isTruncated = true;
  }
  return { objects, commonPrefixes: [...commonPrefixes].sort(), isTruncated };
};

const [directory, portText, ...buckets] = process.argv.slice(2);
const S3rver = require('s3rver') as S3rverClass;
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(portText ?? '0'),
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.send?.({ type: 'ready', port });
