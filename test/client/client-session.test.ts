import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applySessionUpdates,
  emptySessionUpdates,
  newClientSession,
  readSessionUpdates,
  sessionHeaders,
} from '../../src/client/client-session.js';

describe('client session', () => {
  it('turns a session into X-Service- headers', () => {
    const session = newClientSession('http://h:1/', 'alice', {
      source: 'cli',
      catalog: 'tpch',
      schema: 'tiny',
      timeZone: 'Europe/Paris',
      properties: { query_max_memory: '1GB', 'memory.x': 'a,b' },
      preparedStatements: { q1: 'select ?' },
      clientTags: ['a', 'b'],
    });
    assert.equal(session.server, 'http://h:1');
    assert.deepEqual(sessionHeaders(session), {
      'X-Service-User': 'alice',
      'X-Service-Source': 'cli',
      'X-Service-Catalog': 'tpch',
      'X-Service-Schema': 'tiny',
      'X-Service-Time-Zone': 'Europe/Paris',
      'X-Service-Client-Tags': 'a,b',
      'X-Service-Session': 'query_max_memory=1GB,memory.x=a%2Cb',
      'X-Service-Prepared-Statement': 'q1=select%20%3F',
    });
    assert.equal(sessionHeaders({ ...session, headerPrefix: 'X-Trino-' })['X-Trino-User'], 'alice');
  });
  it('applies the session changes announced in response headers', () => {
    const updates = emptySessionUpdates();
    readSessionUpdates(
      {
        'x-service-set-catalog': 'memory',
        'x-service-set-schema': 'default',
        'x-service-set-session': ['a=1', 'b=x%3Dy'],
        'x-service-clear-session': 'c',
        'x-service-added-prepare': 'p=select%201',
      },
      'X-Service-',
      updates,
    );
    const before = newClientSession('http://h', 'u', { properties: { c: '3' } });
    const after = applySessionUpdates(before, updates);
    assert.equal(after.catalog, 'memory');
    assert.equal(after.schema, 'default');
    assert.deepEqual(after.properties, { a: '1', b: 'x=y' });
    assert.deepEqual(after.preparedStatements, { p: 'select 1' });
  });
});
