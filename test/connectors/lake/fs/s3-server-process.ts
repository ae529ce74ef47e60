/**
 * The S3-compatible server of the tests, run as its own process so a test can kill it mid-request
 * and start it again on the same storage directory: s3rver (npm; objects kept as files under a
 * directory), on loopback. Arguments: <storage directory> <port or 0> <bucket>... . Reports
 * `{ type: 'ready', port }` over IPC once it listens.
 */
import { createRequire } from 'node:module';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const [directory, portText, ...buckets] = process.argv.slice(2);
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(portText ?? '0'),
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.send?.({ type: 'ready', port });
