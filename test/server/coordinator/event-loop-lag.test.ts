/**
 * A heavy query never blocks the event loop for long: while the server aggregates tpch.sf1
 * lineitem, the event loop's delay stays under 100 ms and the server answers HTTP requests
 * within 150 ms. Measured on the server's own event loop (it runs in this process, and the client's
 * side of each request shares that loop, so its latency gets a little more room than the lag).
 */
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startLocalServer } from '../../../src/server/startup/local-server.js';

let server: RunningServer;
before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(async () => {
  await server.close();
});

describe('event loop while a heavy query runs', () => {
  it('keeps lag under 100 ms and answers /v1/info within 150 ms', async () => {
    const headers = { 'X-Service-User': 'test', 'X-Service-Catalog': 'tpch', 'X-Service-Schema': 'sf1' };
    const posted = await fetch(`${server.url}/v1/statement`, {
      method: 'POST',
      headers,
      body: 'SELECT partkey, sum(quantity), avg(extendedprice), max(shipdate), count(*) FROM lineitem GROUP BY partkey',
    });
    const first = (await posted.json()) as { nextUri: string };
    // Give the query time to get going (generating and aggregating lineitem).
    const next = await fetch(first.nextUri, { headers });
    const running = (await next.json()) as { nextUri?: string; stats: { state: string } };
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const latencies: number[] = [];
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      const t = performance.now();
      const info = await fetch(`${server.url}/v1/info`);
      await info.arrayBuffer();
      latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    histogram.disable();
    // Still running after the whole window: the measurement covered the heavy part.
    assert.ok(running.nextUri, 'the query finished before the measurement started');
    const later = (await (await fetch(running.nextUri, { headers })).json()) as {
      nextUri?: string;
      stats: { state: string };
    };
    assert.equal(later.stats.state, 'RUNNING');
    await fetch(later.nextUri!, { method: 'DELETE', headers });
    const maxLagMs = histogram.max / 1e6;
    const maxLatencyMs = Math.max(...latencies);
    assert.ok(latencies.length >= 20, `only ${latencies.length} requests answered in 3 s`);
    assert.ok(maxLagMs < 100, `event loop lag ${maxLagMs.toFixed(1)} ms`);
    assert.ok(maxLatencyMs < 150, `slowest /v1/info ${maxLatencyMs.toFixed(1)} ms`);
  });
});
