/**
 * Node.js flags a coordinator or worker process is started with (by `vivace start`, and by the
 * tests that start roles); someone starting `vivace worker` by hand passes them to `node` the same
 * way (README, Configuration). They must be on the command line: V8 reads heap sizes when the
 * process starts, and NODE_OPTIONS does not accept this one.
 *
 * `--initial-old-space-size`: V8 starts with a small old generation and runs a full (mark-compact)
 * collection each time a few tens of megabytes were promoted into it. A worker promotes pages,
 * hash tables and sorted runs at a high rate, so with the default it ran a full collection every
 * 200-400 ms, each a 15-55 ms pause. Measured with 20 concurrent GROUP BYs over tpch sf0.1 on two
 * workers (2 cores): 78 full collections taking 1.27 s in all per worker, info requests answered at
 * p99 53-76 ms; with 256 MB, 20 collections taking 0.28 s, p99 31-59 ms. An idle worker collects
 * everything anyway (idle-memory.ts), so the larger young old generation costs no idle memory.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=256'];
