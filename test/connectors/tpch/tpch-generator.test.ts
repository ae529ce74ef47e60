import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  formatTblBatch,
  formatTblLine,
  type GeneratedBatch,
  generateTpchColumns,
  renderTblBatch,
  TPCH_TABLE_NAMES,
  TPCH_TABLES,
  type TpchTableName,
  tpchUnitCount,
} from '../../../src/connectors/tpch/generator/index.js';
import { buildTextPool, getTextPool, TEXT_POOL_SIZE } from '../../../src/connectors/tpch/generator/text-pool.js';
import { loadChecksums, loadSf1RowsByIndex, loadSf1Samples } from './tpch-test-data.js';

function allColumns(table: TpchTableName): string[] {
  return TPCH_TABLES[table].map((column) => column.name);
}

function generate(table: TpchTableName, scaleFactor: number, start: number, count: number): GeneratedBatch {
  return generateTpchColumns(table, scaleFactor, start, count, allColumns(table));
}

function tblLines(table: TpchTableName, batch: GeneratedBatch): string[] {
  return Array.from({ length: batch.rowCount }, (_, row) => formatTblLine(table, batch.columns, row));
}

describe('TPC-H generator: dbgen 2.14.0 output', () => {
  const checksums = loadChecksums();

  for (const table of TPCH_TABLE_NAMES) {
    it(`generates ${table} at SF 0.01 exactly (sha256 of the whole .tbl file)`, () => {
      const expected = checksums['0.01']![table]!;
      const batch = generate(table, 0.01, 0, tpchUnitCount(table, 0.01));
      assert.equal(batch.rowCount, expected.rows);
      const sha256 = createHash('sha256').update(renderTblBatch(table, batch)).digest('hex');
      assert.equal(sha256, expected.sha256);
    });
  }

  const samples = loadSf1Samples();
  for (const table of TPCH_TABLE_NAMES) {
    it(`generates the first and last rows of ${table} at SF 1 by random access`, () => {
      const sample = samples[table]!;
      const units = tpchUnitCount(table, 1);
      // Lineitem is addressed by order: the first order has 6 lines, the last two have 3 or more.
      const tail = table === 'lineitem' ? 2 : 3;
      const head = tblLines(table, generate(table, 1, 0, table === 'lineitem' ? 1 : 3)).slice(0, 3);
      assert.deepEqual(head, sample.first);
      const last = tblLines(table, generate(table, 1, units - tail, tail)).slice(-3);
      assert.deepEqual(last, sample.last);
    });
  }

  for (const [table, rows] of Object.entries(loadSf1RowsByIndex())) {
    it(`generates single ${table} rows at SF 1 (suppliers with a review in their comment)`, () => {
      for (const [index, line] of Object.entries(rows)) {
        const name = table as TpchTableName;
        assert.deepEqual(tblLines(name, generate(name, 1, Number(index), 1)), [line]);
      }
    });
  }
});

describe('TPC-H text pool', () => {
  it('serves text across its internal chunk boundaries and up to its end', () => {
    const pool = getTextPool();
    const chunk = 1 << 22;
    for (const boundary of [chunk, 5 * chunk, 74 * chunk]) {
      const across = pool.text(boundary - 100, 199);
      assert.equal(across.length, 199);
      assert.equal(across, pool.text(boundary - 100, 100) + pool.text(boundary, 99));
    }
    const end = pool.text(TEXT_POOL_SIZE - 198, 198);
    assert.equal(end.length, 198);
    assert.equal(end.slice(-10), pool.text(TEXT_POOL_SIZE - 10, 10));
    assert.equal(pool.text(0, 44), 'furiously special foxes haggle furiously bli');
  });

  it('is built from whole sentences, so a shorter pool is a prefix of the full one', () => {
    const small = buildTextPool(10_000);
    assert.equal(small.size, 10_000);
    assert.equal(small.text(9_000, 198).length, 198);
    assert.equal(small.text(0, 198), getTextPool().text(0, 198));
    assert.equal(small.text(9_802, 198), getTextPool().text(9_802, 198));
  });
});

describe('TPC-H generator: ranges', () => {
  const splits: readonly [TpchTableName, number, number, number][] = [
    ['region', 1, 5, 2],
    ['nation', 1, 25, 11],
    ['part', 1, 40, 17],
    ['supplier', 1, 40, 23],
    ['partsupp', 1, 41, 13], // 13 is inside a part's four rows
    ['customer', 1, 40, 9],
    ['orders', 1, 40, 19],
    ['lineitem', 1, 41, 20],
  ];
  for (const [table, scaleFactor, n, k] of splits) {
    it(`${table}: rows [0, ${n}) equal [0, ${k}) followed by [${k}, ${n})`, () => {
      const whole = tblLines(table, generate(table, scaleFactor, 0, n));
      const parts = [
        ...tblLines(table, generate(table, scaleFactor, 0, k)),
        ...tblLines(table, generate(table, scaleFactor, k, n - k)),
      ];
      assert.equal(whole.length, parts.length);
      assert.deepEqual(parts, whole);
    });
  }

  it('splits far into a large scale factor the same way', () => {
    const start = 12_345_677;
    const whole = tblLines('lineitem', generate('lineitem', 10, start, 9));
    const parts = [
      ...tblLines('lineitem', generate('lineitem', 10, start, 4)),
      ...tblLines('lineitem', generate('lineitem', 10, start + 4, 5)),
    ];
    assert.deepEqual(parts, whole);
    const orders = tblLines('orders', generate('orders', 10, start, 9));
    // Every line belongs to one of the nine orders, in order.
    const orderKeys = orders.map((line) => line.slice(0, line.indexOf('|')));
    const lineOrderKeys = [...new Set(whole.map((line) => line.slice(0, line.indexOf('|'))))];
    assert.deepEqual(lineOrderKeys, orderKeys);
  });

  it('renders a batch as the .tbl lines of its rows', () => {
    const batch = generate('customer', 0.01, 8, 5);
    assert.equal(formatTblBatch('customer', batch), `${tblLines('customer', batch).join('\n')}\n`);
    assert.equal(formatTblBatch('customer', generate('customer', 0.01, 0, 0)), '');
    // Customer 11 has a negative balance.
    assert.equal(tblLines('customer', generate('customer', 0.01, 10, 1))[0]!.split('|')[5], '-272.60');
  });

  it('cuts a range that reaches past the end of the table', () => {
    const batch = generate('nation', 1, 20, 100);
    assert.equal(batch.rowCount, 5);
    assert.equal(generate('region', 1, 5, 10).rowCount, 0);
    assert.equal(generate('orders', 0.01, 14_998, 10).rowCount, 2);
  });

  it('sums totalprice and orderstatus from the same lines lineitem generates', () => {
    const orders = generateTpchColumns('orders', 1, 1000, 50, ['totalprice', 'orderstatus']);
    const lines = generateTpchColumns('lineitem', 1, 1000, 50, [
      'orderkey',
      'extendedprice',
      'discount',
      'tax',
      'linestatus',
    ]);
    const [orderKeys, extended, discount, tax, status] = lines.columns;
    assert.ok(orderKeys?.kind === 'float64' && extended?.kind === 'float64');
    assert.ok(discount?.kind === 'float64' && tax?.kind === 'float64' && status?.kind === 'dictionary');
    const [totalPrice, orderStatus] = orders.columns;
    assert.ok(totalPrice?.kind === 'float64' && orderStatus?.kind === 'dictionary');
    let order = -1;
    let previousKey = -1;
    const totals = new Array<number>(50).fill(0);
    const statuses = new Array<string>(50).fill('');
    for (let line = 0; line < lines.rowCount; line++) {
      if (orderKeys.values[line] !== previousKey) {
        order++;
        previousKey = orderKeys.values[line]!;
      }
      const cents = Math.round(extended.values[line]! * 100);
      const discounted = Math.floor((cents * (100 - Math.round(discount.values[line]! * 100))) / 100);
      totals[order]! += Math.floor((discounted * (100 + Math.round(tax.values[line]! * 100))) / 100);
      statuses[order] += status.dictionary[status.ids[line]!]!;
    }
    for (let i = 0; i < 50; i++) {
      assert.equal(Math.round(totalPrice.values[i]! * 100), totals[i]);
      const expected = /^F+$/.test(statuses[i]!) ? 'F' : /^O+$/.test(statuses[i]!) ? 'O' : 'P';
      assert.equal(orderStatus.dictionary[orderStatus.ids[i]!], expected);
    }
  });
});
