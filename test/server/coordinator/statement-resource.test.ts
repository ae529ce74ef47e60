/**
 * The statement protocol over HTTP (Fastify's inject: real routing and serialisation, no socket),
 * with a query whose pages and errors the test controls.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { VivaceError } from '../../../src/common/vivace-error.js';
import { float64Block, stringBlock } from '../../../src/data/block.js';
import {
  invalidUtf8Offset,
  registerStatementResource,
  type StatementResourceOptions,
} from '../../../src/server/coordinator/statement-resource.js';
import type { QuerySession } from '../../../src/server/protocol/query-state.js';
import { QueryExecution } from '../../../src/server/query/query-execution.js';
import { BIGINT, varchar } from '../../../src/types/type.js';

function setup(options: StatementResourceOptions = {}) {
  const queries = new Map<string, QueryExecution>();
  const submitted: { sql: string; session: QuerySession }[] = [];
  let next: (query: QueryExecution) => void = () => {};
  const app = Fastify();
  registerStatementResource(
    app,
    {
      submit(sql, session) {
        const query = new QueryExecution(`q${queries.size + 1}`, sql, session);
        queries.set(query.queryId, query);
        submitted.push({ sql, session });
        next(query);
        return query;
      },
      get: (id) => queries.get(id),
    },
    options,
  );
  return { app, queries, submitted, onSubmit: (f: (q: QueryExecution) => void) => (next = f) };
}

function pathOf(uri: string): string {
  const url = new URL(uri);
  return url.pathname + url.search;
}

describe('statement resource', () => {
  it('accepts SQL, pages through results with tokens, and ends without nextUri', async () => {
    const { app, submitted, onSubmit } = setup();
    onSubmit((query) => {
      query.columns = [
        { name: 'n', type: BIGINT },
        { name: 's', type: varchar(3) },
      ];
      query.transition('RUNNING');
      query.results.add({ positionCount: 2, blocks: [float64Block(Float64Array.of(1, 2)), stringBlock(['a', 'b'])] });
      query.results.finish();
      query.transition('FINISHED');
    });
    const post = await app.inject({
      method: 'POST',
      url: '/v1/statement',
      payload: 'SELECT 1',
      headers: {
        'content-type': 'text/plain',
        'x-service-user': 'alice',
        'x-service-catalog': 'tpch',
        'x-service-schema': 'tiny',
      },
    });
    assert.equal(post.statusCode, 200);
    assert.equal(post.headers['content-type'], 'application/json');
    assert.equal(post.headers['x-content-type-options'], 'nosniff');
    const first = post.json();
    assert.equal(first.id, 'q1');
    assert.match(first.infoUri, /q1/);
    assert.ok(first.nextUri);
    assert.deepEqual(submitted[0], {
      sql: 'SELECT 1',
      session: {
        user: 'alice',
        source: undefined,
        catalog: 'tpch',
        schema: 'tiny',
        timeZone: submitted[0]!.session.timeZone,
        properties: {},
      },
    });

    const get = await app.inject({ method: 'GET', url: pathOf(first.nextUri) });
    const second = get.json();
    // Trino's clients (JDBC, CLI, Python) decode values by each column's typeSignature.
    assert.deepEqual(second.columns, [
      { name: 'n', type: 'bigint', typeSignature: { rawType: 'bigint', arguments: [] } },
      { name: 's', type: 'varchar(3)', typeSignature: { rawType: 'varchar', arguments: [{ kind: 'LONG', value: 3 }] } },
    ]);
    assert.deepEqual(second.data, [
      [1, 'a'],
      [2, 'b'],
    ]);
    // The same token again returns the same response.
    const again = await app.inject({ method: 'GET', url: pathOf(first.nextUri) });
    assert.equal(again.body, get.body);

    // The query is done and its rows drained: the answer that carried them is the last (as Trino),
    // or one more GET says FINISHED; either way no rows come twice.
    let response = second;
    const later: unknown[] = [];
    while (response.nextUri) {
      response = (await app.inject({ method: 'GET', url: pathOf(response.nextUri) })).json();
      later.push(...(response.data ?? []));
    }
    assert.equal(response.stats.state, 'FINISHED');
    assert.deepEqual(later, []);
  });

  it('cuts answers whose encoding takes too long and sends the rest of the page next, final only after the last row', async () => {
    // A budget of 0 ms: every answer is one slice of rows, so a page of 1,300 rows takes three.
    const { app, onSubmit } = setup({ encodeBudgetMs: 0 });
    const big = Float64Array.from({ length: 1300 }, (_, i) => i);
    onSubmit((query) => {
      query.columns = [{ name: 'n', type: BIGINT }];
      query.transition('RUNNING');
      query.results.add({ positionCount: big.length, blocks: [float64Block(big)] });
      query.results.add({ positionCount: 2, blocks: [float64Block(Float64Array.of(5000, 5001))] });
      query.results.finish();
      query.transition('FINISHED');
    });
    const post = await app.inject({
      method: 'POST',
      url: '/v1/statement',
      payload: 'SELECT n',
      headers: { 'content-type': 'text/plain', 'x-service-user': 'alice' },
    });
    let response = post.json();
    const sizes: number[] = [];
    const rows: number[] = [];
    while (response.nextUri) {
      response = (await app.inject({ method: 'GET', url: pathOf(response.nextUri) })).json();
      if (response.data) sizes.push(response.data.length);
      for (const [n] of response.data ?? []) rows.push(n);
      // No answer before the last row may be final.
      if (rows.length < 1302) assert.ok(response.nextUri, `final answer after ${rows.length} rows`);
    }
    assert.deepEqual(rows, [...Array.from(big), 5000, 5001]);
    assert.ok(sizes.length >= 3 && Math.max(...sizes) <= 512, `answers of ${sizes.join(', ')} rows`);
    assert.equal(response.stats.state, 'FINISHED');
  });

  it('reports a failed query as an error object in a 200 response', async () => {
    const { app, onSubmit } = setup();
    onSubmit((query) => {
      query.fail(
        new VivaceError('COLUMN_NOT_FOUND', "Column 'nme' cannot be resolved", { line: 1, column: 8, offset: 7 }),
      );
    });
    let response = (
      await app.inject({ method: 'POST', url: '/v1/statement', payload: 'SELECT nme FROM nation' })
    ).json();
    while (response.nextUri) response = (await app.inject({ method: 'GET', url: pathOf(response.nextUri) })).json();
    assert.equal(response.stats.state, 'FAILED');
    assert.equal(response.error.message, "line 1:8: Column 'nme' cannot be resolved");
    assert.equal(response.error.errorName, 'COLUMN_NOT_FOUND');
    assert.equal(response.error.errorCode, 47);
    assert.equal(response.error.errorType, 'USER_ERROR');
    assert.deepEqual(response.error.errorLocation, { lineNumber: 1, columnNumber: 8 });
    assert.equal(response.error.failureInfo.message, "line 1:8: Column 'nme' cannot be resolved");
  });

  it('sends no stack traces to clients unless configured to', async () => {
    const failing = (query: QueryExecution) => query.fail(new VivaceError('GENERIC_INTERNAL_ERROR', 'kaput'));
    for (const includeStackTraces of [false, true]) {
      const { app, onSubmit } = setup({ includeStackTraces });
      onSubmit(failing);
      let response = (await app.inject({ method: 'POST', url: '/v1/statement', payload: 'SELECT 1' })).json();
      while (response.nextUri) response = (await app.inject({ method: 'GET', url: pathOf(response.nextUri) })).json();
      assert.equal(response.error.failureInfo.message, 'kaput');
      const stack = response.error.failureInfo.stack as string[];
      if (includeStackTraces)
        assert.ok(
          stack.some((line) => line.includes('.js:')),
          'the stack names source files',
        );
      else assert.deepEqual(stack, []);
    }
  });

  it('refuses SQL text that is not valid UTF-8 with 400, naming the byte, and runs nothing', async () => {
    const { app, submitted } = setup();
    const text = Buffer.concat([Buffer.from("SELECT 'caf", 'utf8'), Buffer.from([0xe9]), Buffer.from("'", 'utf8')]);
    for (const contentType of ['text/plain', 'application/octet-stream', undefined]) {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/statement',
        payload: text,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      assert.equal(response.statusCode, 400, String(contentType));
      assert.equal(response.body, 'SQL statement is not valid UTF-8: invalid byte sequence at byte 11');
    }
    assert.equal(submitted.length, 0);
    const valid = "SELECT 'café ✓ 𝄞'";
    const accepted = await app.inject({
      method: 'POST',
      url: '/v1/statement',
      payload: Buffer.from(valid, 'utf8'),
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    assert.equal(accepted.statusCode, 200);
    assert.equal(submitted[0]?.sql, valid, 'the text arrives as written');
  });

  it('finds the first invalid UTF-8 byte exactly where the strict decoder fails', () => {
    const cases: [number[], number][] = [
      [[0x41, 0x42], -1],
      [[0xc3, 0xa9], -1],
      [[0xf0, 0x9d, 0x84, 0x9e], -1],
      [[0x41, 0xc3], 1],
      [[0x41, 0x80], 1],
      [[0xc0, 0xaf], 0],
      [[0xe0, 0x80, 0xaf], 0],
      [[0xed, 0xa0, 0x80], 0],
      [[0xf4, 0x90, 0x80, 0x80], 0],
      [[0xf5, 0x80, 0x80, 0x80], 0],
      [[0x41, 0xe2, 0x82, 0x41], 1],
    ];
    for (const [bytes, offset] of cases) assert.equal(invalidUtf8Offset(Uint8Array.from(bytes)), offset, String(bytes));
    // Random byte strings (a fixed-seed generator): the offset is -1 exactly when decoding succeeds.
    const strict = new TextDecoder('utf-8', { fatal: true });
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      const bytes = Uint8Array.from({ length: 1 + (random() % 6) }, () =>
        random() % 3 === 0 ? random() % 128 : 0x80 + (random() % 128),
      );
      let decodes = true;
      try {
        strict.decode(bytes);
      } catch {
        decodes = false;
      }
      const offset = invalidUtf8Offset(bytes);
      assert.equal(offset === -1, decodes, String(bytes));
      if (!decodes) assert.doesNotThrow(() => strict.decode(bytes.subarray(0, offset)), String(bytes));
    }
  });

  it('answers 400 to an empty statement, 404 to an unknown query and 410 to an old token', async () => {
    const { app, onSubmit } = setup();
    assert.equal((await app.inject({ method: 'POST', url: '/v1/statement', payload: '  ' })).statusCode, 400);
    assert.equal((await app.inject({ method: 'GET', url: '/v1/statement/nope/1' })).statusCode, 404);
    onSubmit((query) => {
      query.columns = [{ name: 'n', type: BIGINT }];
      query.transition('RUNNING');
    });
    const first = (await app.inject({ method: 'POST', url: '/v1/statement', payload: 'SELECT 1' })).json();
    setTimeout(() => {}, 0);
    const q = first.id as string;
    const slug = new URL(first.nextUri).search;
    assert.equal((await app.inject({ method: 'GET', url: `/v1/statement/${q}/5${slug}` })).statusCode, 410);
  });

  it('cancels with DELETE', async () => {
    const { app, queries, onSubmit } = setup();
    onSubmit((query) => query.transition('RUNNING'));
    const first = (await app.inject({ method: 'POST', url: '/v1/statement', payload: 'SELECT 1' })).json();
    const response = await app.inject({ method: 'DELETE', url: pathOf(first.nextUri) });
    assert.equal(response.statusCode, 204);
    const query = queries.get(first.id)!;
    assert.equal(query.state, 'FAILED');
    assert.equal(query.error?.errorName, 'USER_CANCELED');
  });
});
