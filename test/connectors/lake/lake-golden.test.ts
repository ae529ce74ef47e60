/**
 * The lake connector's golden SQL files (test/connectors/lake/golden, the sql-logic format):
 * each file runs against a fresh engine whose `lake` catalog lives in a fresh data directory,
 * over fixtures written by DuckDB in the set-up; `${FIXTURES}` in a case stands for their
 * `file://` location. Runs with the connectors' page sizes and with 1-row pages.
 */
import { registerGoldenSuite } from '../../sql-logic/sql-logic-suite.js';
import { lakeRunner, writeLakeFixtures } from './lake-fixtures.js';

let fixtures = '';
const FIXTURES_PLACEHOLDER = ['$', '{FIXTURES}'].join('');

registerGoldenSuite(
  'lake golden files',
  [
    { name: 'default pages', properties: {} },
    { name: '1-row pages', properties: { page_rows: '1' } },
  ],
  async () => {
    const written = await writeLakeFixtures();
    fixtures = `file://${written.fixtures}`;
    return lakeRunner(written.data);
  },
  { root: 'test/connectors/lake/golden', substitute: (text) => text.replaceAll(FIXTURES_PLACEHOLDER, fixtures) },
);
