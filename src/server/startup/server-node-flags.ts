/**
 * Node.js flags a coordinator or worker process is started with (by `vivace start`, and by the
 * tests and benchmarks that start roles); someone starting `vivace worker` by hand passes them to
 * `node` the same way (README, Configuration). They must be on the command line: V8 reads heap and
 * collector settings when the process starts, and NODE_OPTIONS does not accept them all.
 *
 * `--initial-old-space-size`: V8 starts with a small old generation and runs a full (mark-compact)
 * collection each time a few tens of megabytes were promoted into it. A worker promotes pages,
 * hash tables and sorted runs at a high rate, so with the default it ran a full collection every
 * 200-400 ms, each a 15-55 ms pause. Measured with 20 concurrent GROUP BYs over tpch sf0.1 on two
 * workers (2 cores): 78 full collections taking 1.27 s in all per worker, info requests answered at
 * p99 53-76 ms; with 256 MB, 20 collections taking 0.28 s, p99 31-59 ms. An idle worker collects
 * everything anyway (idle-memory.ts), so the larger young old generation costs no idle memory.
 */
import { availableParallelism } from 'node:os';

const SERVER_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=256'];

/**
 * `--single-threaded-gc` when the cluster's processes on this machine are at least its cores (the
 * `npm start` cluster: a coordinator and two workers on a laptop or a 2-core VM). V8 otherwise
 * runs scavenges and marking on helper threads, which pays when cores are idle; here every core
 * already runs a process's JavaScript, so the helpers only contend with the other processes and
 * add their own synchronization. Measured on 2 cores, a coordinator and 2 workers, TPC-H sf1 over
 * Parquet, two clusters side by side in both orders: 4-5 % less wall time and CPU (18 queries).
 */
export function serverNodeFlags(processesOnThisMachine: number, cores = availableParallelism()): string[] {
  return processesOnThisMachine >= cores ? [...SERVER_NODE_FLAGS, '--single-threaded-gc'] : [...SERVER_NODE_FLAGS];
}
