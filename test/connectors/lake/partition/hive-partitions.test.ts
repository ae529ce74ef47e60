import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { LakeDomain } from '../../../../src/connectors/lake/domain.js';
import { LocalFileSystem } from '../../../../src/connectors/lake/fs/local-file-system.js';
import { fileLocation } from '../../../../src/connectors/lake/fs/location.js';
import {
  discoverPartitions,
  escapePathName,
  inferPartitionType,
  makePartitionName,
  parsePartitionName,
  parsePartitionValue,
  partitionValueText,
  prunePartitionNames,
  unescapePathName,
} from '../../../../src/connectors/lake/partition/hive-partitions.js';
import { formatType } from '../../../../src/types/format-type.js';
import { BIGINT, DATE, DOUBLE, decimal, INTEGER, timestamp, VARCHAR } from '../../../../src/types/type.js';
import { temporaryDirectory, throwsWith } from '../lake-test-helpers.js';

describe('lake hive partition names', () => {
  it("escape Hive's special characters as upper-case %XX and leave spaces and unicode alone", () => {
    assert.equal(escapePathName('2024-01-01 10:00'), '2024-01-01 10%3A00');
    assert.equal(
      escapePathName('a/b=c%d#e?f*g\'h"i\\j{k[l]m^n'),
      'a%2Fb%3Dc%25d%23e%3Ff%2Ag%27h%22i%5Cj%7Bk%5Bl%5Dm%5En',
    );
    assert.equal(escapePathName('tab\there\u007f'), 'tab%09here%7F');
    assert.equal(escapePathName('héllo wörld'), 'héllo wörld');
    for (const text of ['a/b=c%d', '100%', '%zz', 'x%2', 'plain']) {
      assert.equal(unescapePathName(escapePathName(text)), text);
    }
    assert.equal(unescapePathName('%zz%4'), '%zz%4', 'a stray % stays');
    assert.equal(unescapePathName('a%3ab'), 'a:b', 'lower-case hex is accepted');
  });

  it('build and parse k=v/... names, with the default partition for NULL and empty values', () => {
    const name = makePartitionName(['ds', 'country'], ['2024-01-01', 'a/b']);
    assert.equal(name, 'ds=2024-01-01/country=a%2Fb');
    assert.deepEqual(parsePartitionName(name), { keys: ['ds', 'country'], values: ['2024-01-01', 'a/b'] });
    assert.equal(
      makePartitionName(['p', 'q'], [null, '']),
      'p=__HIVE_DEFAULT_PARTITION__/q=__HIVE_DEFAULT_PARTITION__',
    );
    assert.deepEqual(parsePartitionName('p=__HIVE_DEFAULT_PARTITION__').values, [null]);
    throwsWith(() => parsePartitionName('novalue'), 'HIVE_INVALID_PARTITION_VALUE', 'novalue');
    throwsWith(() => makePartitionName(['a'], []), 'HIVE_METASTORE_ERROR');
  });

  it('convert typed values to partition text and back, rejecting values of the wrong type', () => {
    const cases: [Parameters<typeof partitionValueText>[0], unknown, string][] = [
      [BIGINT, 42, '42'],
      [DATE, 19723, '2024-01-01'],
      [decimal(10, 2), 1234, '12.34'],
      [timestamp(3), 1704067200123, '2024-01-01 00:00:00.123'],
      [VARCHAR, 'x/y', 'x/y'],
      [DOUBLE, 1.5, '1.5'],
    ];
    for (const [type, value, text] of cases) {
      assert.equal(partitionValueText(type, value), text, formatType(type));
      assert.deepEqual(parsePartitionValue('k', text, type), value, formatType(type));
    }
    assert.equal(partitionValueText(BIGINT, null), null);
    assert.equal(parsePartitionValue('k', null, BIGINT), null);
    throwsWith(
      () => parsePartitionValue('k', 'abc', INTEGER),
      'HIVE_INVALID_PARTITION_VALUE',
      "Invalid partition value 'abc' for INTEGER partition key: k=abc",
    );
    throwsWith(() => parsePartitionValue('d', '2024-02-30', DATE), 'HIVE_INVALID_PARTITION_VALUE', 'DATE');
  });

  it('infer partition column types from directory values', () => {
    assert.deepEqual(inferPartitionType(['1', '20', null, '-3']), BIGINT);
    assert.deepEqual(inferPartitionType(['01', '02']), VARCHAR, 'leading zeros would be lost');
    assert.deepEqual(inferPartitionType(['1.5', '2']), DOUBLE);
    assert.deepEqual(inferPartitionType(['2024-01-01', '2023-12-31']), DATE);
    assert.deepEqual(inferPartitionType(['2024-01-01 10:00:00', '2024-01-01 10:00:00.123456']), timestamp(6));
    assert.deepEqual(inferPartitionType(['2024-01-01', 'x']), VARCHAR);
    assert.deepEqual(inferPartitionType([null]), VARCHAR);
  });
});

describe('lake partition discovery and pruning', () => {
  async function layout(): Promise<string> {
    const dir = await temporaryDirectory();
    for (const path of [
      'ds=2024-01-01/country=US',
      'ds=2024-01-01/country=DE',
      'ds=2024-01-02/country=US',
      'ds=__HIVE_DEFAULT_PARTITION__/country=US',
      'ds=2024-01-03/other=1',
      'DS=2024-01-04/Country=FR',
      'ds=2024-01-05/.hidden=1',
      '_temporary/x=1',
      'notapartition',
    ]) {
      await mkdir(join(dir, path), { recursive: true });
    }
    return fileLocation(dir);
  }

  const columns = [
    { name: 'ds', type: DATE },
    { name: 'country', type: VARCHAR },
  ];

  it('walks one level per partition column and ignores directories of other names', async () => {
    const base = await layout();
    const found = await discoverPartitions(new LocalFileSystem(), base, columns);
    assert.deepEqual(
      found.map((p) => p.name),
      [
        'ds=2024-01-01/country=DE',
        'ds=2024-01-01/country=US',
        'ds=2024-01-02/country=US',
        'ds=__HIVE_DEFAULT_PARTITION__/country=US',
      ],
    );
    assert.deepEqual(found[3]!.values, [null, 'US']);
    assert.equal(found[0]!.location, `${base}/ds=2024-01-01/country=DE`);
    const insensitive = await discoverPartitions(new LocalFileSystem(), base, columns, { caseInsensitive: true });
    assert.ok(insensitive.some((p) => p.name === 'DS=2024-01-04/Country=FR'));
  });

  it('prunes by a domain on partition keys without listing below excluded directories', async () => {
    const base = await layout();
    const listed: string[] = [];
    const fs = new LocalFileSystem();
    const counting = Object.create(fs) as LocalFileSystem;
    counting.listDirectories = async (location: string) => {
      listed.push(location.slice(base.length));
      return fs.listDirectories(location);
    };
    const domain: LakeDomain = {
      columns: { ds: { nullAllowed: false, ranges: [{ low: { value: 19724, inclusive: true } }] } },
    };
    const found = await discoverPartitions(counting, base, columns, { domain });
    assert.deepEqual(
      found.map((p) => p.name),
      ['ds=2024-01-02/country=US'],
    );
    assert.deepEqual(listed, ['', '/ds=2024-01-02', '/ds=2024-01-03', '/ds=2024-01-05']);
    const onlyNull = await discoverPartitions(fs, base, columns, {
      domain: { columns: { ds: { nullAllowed: true, values: [] } } },
    });
    assert.deepEqual(
      onlyNull.map((p) => p.name),
      ['ds=__HIVE_DEFAULT_PARTITION__/country=US'],
    );
    assert.deepEqual(await discoverPartitions(fs, base, columns, { domain: { none: true, columns: {} } }), []);
  });

  it('prunes stored partition names by a domain', () => {
    const names = ['ds=2024-01-01/country=US', 'ds=2024-01-02/country=DE', 'ds=__HIVE_DEFAULT_PARTITION__/country=US'];
    assert.deepEqual(
      prunePartitionNames(names, columns, { columns: { country: { nullAllowed: false, values: ['US'] } } }),
      [names[0], names[2]],
    );
    assert.deepEqual(prunePartitionNames(names, columns, undefined), names);
    assert.deepEqual(
      prunePartitionNames(names, columns, {
        columns: { ds: { nullAllowed: false, ranges: [{ high: { value: 19723, inclusive: false } }] } },
      }),
      [],
    );
  });
});
