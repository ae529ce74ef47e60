/**
 * What JDBC drivers and BI tools read from the system catalog: system.jdbc's REMARKS and
 * system.metadata.table_comments carry table, view and column comments (set by CREATE ... COMMENT,
 * changed by COMMENT ON, gone with NULL); system.metadata.table_properties and schema_properties
 * list what each catalog's CREATE ... WITH takes; the JDBC tables no catalog fills are there, empty.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startLocalServer } from '../../../src/server/startup/local-server.js';

let server: RunningServer;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vivace-system-tables-'));
  mkdirSync(join(dir, 'etc', 'catalog'), { recursive: true });
  writeFileSync(join(dir, 'etc', 'catalog', 'memory.properties'), 'connector.name=memory\n');
  writeFileSync(
    join(dir, 'etc', 'catalog', 'lake.properties'),
    `connector.name=hive\nhive.metastore=file\nhive.metastore.catalog.dir=file://${dir}/lake\nhive.storage-format=CSV\n`,
  );
  server = await startLocalServer({ port: 0, etcDirectory: join(dir, 'etc') });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(
  sql: string,
  session?: string,
): Promise<{ rows: unknown[][]; error?: { errorName: string; message: string } }> {
  const headers = {
    'X-Trino-User': 'u',
    'X-Trino-Catalog': 'memory',
    'X-Trino-Schema': 'default',
    ...(session !== undefined ? { 'X-Trino-Session': session } : {}),
  };
  // biome-ignore lint/suspicious/noExplicitAny: protocol JSON.
  let page: any = await (await fetch(`${server.url}/v1/statement`, { method: 'POST', body: sql, headers })).json();
  const out: unknown[][] = [...(page.data ?? [])];
  while (page.nextUri) {
    page = await (await fetch(page.nextUri, { headers })).json();
    out.push(...(page.data ?? []));
  }
  return { rows: out, ...(page.error !== undefined ? { error: page.error } : {}) };
}

async function rows(sql: string, session?: string): Promise<unknown[][]> {
  const { rows: out, error } = await run(sql, session);
  assert.equal(error, undefined, JSON.stringify(error));
  return out;
}

describe('system metadata tables', () => {
  it('shows table, view and column comments as they are set and removed', async () => {
    await rows("CREATE TABLE memory.default.remarked (a bigint COMMENT 'key') COMMENT 'a table'");
    await rows('CREATE VIEW memory.default.remarked_view AS SELECT a FROM memory.default.remarked');
    await rows("COMMENT ON VIEW memory.default.remarked_view IS 'a view'");
    const tables =
      "SELECT table_name, table_type, remarks FROM system.jdbc.tables WHERE table_name LIKE 'remarked%' ORDER BY 1";
    assert.deepEqual(await rows(tables), [
      ['remarked', 'TABLE', 'a table'],
      ['remarked_view', 'VIEW', 'a view'],
    ]);
    assert.deepEqual(await rows("SELECT column_name, remarks FROM system.jdbc.columns WHERE table_name = 'remarked'"), [
      ['a', 'key'],
    ]);
    await rows('COMMENT ON TABLE memory.default.remarked IS NULL');
    assert.deepEqual((await rows(tables))[0], ['remarked', 'TABLE', null]);
    assert.deepEqual(
      await rows(
        "SELECT table_name, comment FROM system.metadata.table_comments WHERE table_name LIKE 'remarked%' ORDER BY 1",
      ),
      [
        ['remarked', null],
        ['remarked_view', 'a view'],
      ],
    );
  });

  it("lists each catalog's table and schema properties, with the configured default format", async () => {
    const properties = await rows(
      "SELECT property_name, default_value, type FROM system.metadata.table_properties WHERE catalog_name = 'lake' ORDER BY 1",
    );
    assert.deepEqual(
      properties.map((r) => r[0]),
      [
        'bucket_count',
        'bucketed_by',
        'bucketing_version',
        'csv_escape',
        'csv_quote',
        'csv_separator',
        'external_location',
        'format',
        'null_format',
        'partitioned_by',
        'skip_header_line_count',
        'sorted_by',
      ],
    );
    assert.deepEqual(
      properties.find((r) => r[0] === 'format'),
      ['format', 'CSV', 'varchar'],
    );
    assert.deepEqual(
      properties.find((r) => r[0] === 'partitioned_by'),
      ['partitioned_by', '[]', 'array(varchar)'],
    );
    assert.deepEqual(await rows('SELECT catalog_name, property_name FROM system.metadata.schema_properties'), [
      ['lake', 'location'],
    ]);
  });

  it('has the JDBC metadata tables no catalog fills, empty, with their columns', async () => {
    for (const table of ['procedures', 'pseudo_columns', 'super_tables', 'super_types', 'udts', 'attributes']) {
      assert.deepEqual(await rows(`SELECT * FROM system.jdbc.${table}`), []);
    }
    const columns = await rows(
      "SELECT column_name FROM system.information_schema.columns WHERE table_name = 'procedures' ORDER BY ordinal_position",
    );
    assert.deepEqual(columns[0], ['procedure_cat']);
    assert.equal(columns.length, 9);
  });

  it("lists the lake's session property and follows it: INSERT appends to, overwrites or refuses an existing partition", async () => {
    assert.deepEqual(await rows("SHOW SESSION LIKE 'lake.%'"), [
      [
        'lake.insert_existing_partitions_behavior',
        'APPEND',
        'APPEND',
        'varchar',
        'What an INSERT into an existing partition does: APPEND, OVERWRITE or ERROR',
      ],
    ]);
    await rows('CREATE SCHEMA lake.writes');
    await rows(
      "CREATE TABLE lake.writes.p WITH (format = 'PARQUET', partitioned_by = ARRAY['r']) AS SELECT nationkey, regionkey AS r FROM tpch.tiny.nation",
    );
    const counts = 'SELECT r, count(*), min(nationkey) FROM lake.writes.p WHERE r <= 1 GROUP BY 1 ORDER BY 1';
    await rows('INSERT INTO lake.writes.p VALUES (100, 0)');
    assert.deepEqual(await rows(counts), [
      [0, 6, 0],
      [1, 5, 1],
    ]);
    // OVERWRITE: the partitions written keep only this write's rows; the others stay as they were.
    await rows(
      'INSERT INTO lake.writes.p VALUES (101, 1), (102, 1)',
      'lake.insert_existing_partitions_behavior=overwrite',
    );
    assert.deepEqual(await rows(counts), [
      [0, 6, 0],
      [1, 2, 101],
    ]);
    const refused = await fetchError(
      'INSERT INTO lake.writes.p VALUES (7, 0)',
      'lake.insert_existing_partitions_behavior=ERROR',
    );
    assert.equal(refused.errorName, 'HIVE_PARTITION_READ_ONLY');
    assert.equal(refused.message, 'Cannot insert into an existing partition of Hive table: r=0');
    await rows('INSERT INTO lake.writes.p VALUES (7, 9)', 'lake.insert_existing_partitions_behavior=ERROR');
    const invalid = await fetchError("SET SESSION lake.insert_existing_partitions_behavior = 'sometimes'");
    assert.equal(invalid.errorName, 'INVALID_SESSION_PROPERTY');
    assert.equal(
      (await fetchError("SET SESSION lake.nosuch = 'x'")).message,
      "line 1:13: Session property 'lake.nosuch' does not exist",
    );
  });
});

/** The error a statement ends with. */
async function fetchError(sql: string, session?: string): Promise<{ errorName: string; message: string }> {
  const { error } = await run(sql, session);
  if (error === undefined) throw new Error(`${sql} did not fail`);
  return error;
}
