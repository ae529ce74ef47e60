/** Reading etc/node.properties and etc/config.properties with defaults and overrides. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadNodeConfig, parseProperties } from '../../../src/server/protocol/node-config.js';

describe('node configuration', () => {
  it('parses Java properties syntax', () => {
    const properties = parseProperties(
      '# comment\n! also a comment\n  a=1\nb : two words \nc three\nlong = x\\\n    y\nesc=tab\\there\\u0041\nempty=\n',
    );
    assert.deepEqual(Object.fromEntries(properties), {
      a: '1',
      b: 'two words ',
      c: 'three',
      long: 'xy',
      esc: 'tab\thereA',
      empty: '',
    });
  });

  it('has a default for every key', () => {
    const config = loadNodeConfig(join(tmpdir(), 'vivace-no-such-etc'));
    assert.equal(config.coordinator, true);
    assert.equal(config.httpPort, 8080);
    assert.equal(config.environment, 'production');
    assert.equal(config.discoveryUri, undefined);
    assert.equal(config.sharedSecret, undefined);
    assert.equal(config.heartbeatIntervalMs, 500);
    assert.equal(config.queryMaxMemoryBytes, 20 * 2 ** 30);
    assert.match(config.nodeId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(config.httpServer, {
      requestHeadersTimeoutMs: 5000,
      requestTimeoutMs: 15_000,
      processForwarded: false,
      externalUri: undefined,
      includeStackTraces: false,
    });
    assert.equal(config.queryManagement.maxRunningPerUser, 16, 'half of query.max-concurrent-queries');
    assert.equal(config.queryManagement.firstPollTimeoutMs, 30_000);
    assert.equal(config.releaseMemoryWhenIdle, true);
    assert.equal(
      loadNodeConfig(join(tmpdir(), 'vivace-no-such-etc'), { 'memory.release-when-idle': 'false' })
        .releaseMemoryWhenIdle,
      false,
    );
  });

  it('reads the HTTP server and admission keys', () => {
    const config = loadNodeConfig(join(tmpdir(), 'vivace-no-such-etc'), {
      'http-server.request-headers-timeout': '2s',
      'http-server.request-timeout': '1m',
      'http-server.process-forwarded': 'TRUE',
      'http-server.external-uri': 'https://sql.example.com/vivace/',
      'http-server.include-stack-traces': 'true',
      'query.max-concurrent-queries': '5',
      'query.client.first-poll-timeout': '10s',
    });
    assert.deepEqual(config.httpServer, {
      requestHeadersTimeoutMs: 2000,
      requestTimeoutMs: 60_000,
      processForwarded: true,
      externalUri: 'https://sql.example.com/vivace',
      includeStackTraces: true,
    });
    assert.equal(config.queryManagement.maxRunningPerUser, 3);
    assert.equal(config.queryManagement.firstPollTimeoutMs, 10_000);
    const capped = loadNodeConfig(join(tmpdir(), 'vivace-no-such-etc'), {
      'query.max-concurrent-queries-per-user': '32',
    });
    assert.equal(capped.queryManagement.maxRunningPerUser, 32);
  });

  it('reads both files and lets overrides win', () => {
    const etc = mkdtempSync(join(tmpdir(), 'vivace-etc-'));
    writeFileSync(join(etc, 'node.properties'), 'node.id=w7\nnode.environment=test\n');
    writeFileSync(
      join(etc, 'config.properties'),
      'coordinator=false\nhttp-server.http.port=9090\ndiscovery.uri=http://10.0.0.1:8080/\n' +
        'query.max-memory=2GB\nquery.max-memory-per-node=512MB\ninternal-communication.shared-secret=abc\n',
    );
    const config = loadNodeConfig(etc, { 'http-server.http.port': '0', 'node.id': undefined });
    assert.equal(config.nodeId, 'w7');
    assert.equal(config.environment, 'test');
    assert.equal(config.coordinator, false);
    assert.equal(config.httpPort, 0);
    assert.equal(config.discoveryUri, 'http://10.0.0.1:8080');
    assert.equal(config.queryMaxMemoryBytes, 2 * 2 ** 30);
    assert.equal(config.queryMaxMemoryPerNodeBytes, 512 * 2 ** 20);
    assert.equal(config.sharedSecret, 'abc');
  });

  it('rejects invalid values with CONFIGURATION_INVALID', () => {
    const dir = join(tmpdir(), 'vivace-no-such-etc');
    assert.throws(() => loadNodeConfig(dir, { coordinator: 'yes' }), { name: 'VivaceError', message: /coordinator/ });
    assert.throws(() => loadNodeConfig(dir, { 'http-server.http.port': '70000' }), /not a TCP port/);
    assert.throws(() => loadNodeConfig(dir, { 'discovery.uri': 'ftp://x' }), /not an http URL/);
    assert.throws(() => loadNodeConfig(dir, { 'query.max-memory': 'lots' }), /not valid/);
    assert.throws(() => loadNodeConfig(dir, { 'http-server.process-forwarded': 'yes' }), /true or false/);
    assert.throws(() => loadNodeConfig(dir, { 'http-server.request-timeout': '0s' }), /longer than 0/);
    assert.throws(
      () => loadNodeConfig(dir, { 'memory.release-when-idle': 'no' }),
      /memory.release-when-idle must be true or false/,
    );
    assert.throws(() => loadNodeConfig(dir, { 'http-server.external-uri': 'proxy:8080' }), /not an http URL/);
    assert.throws(() => loadNodeConfig(dir, { 'query.max-concurrent-queries-per-user': '0' }), /positive integer/);
  });
});
