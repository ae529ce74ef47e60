import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { caretListing } from '../../../src/client/cli/error-display.js';
import { isOnlyComments, splitStatements } from '../../../src/client/cli/statement-splitter.js';
import { applyUseStatement } from '../../../src/client/cli/use-statement.js';
import { newClientSession } from '../../../src/client/client-session.js';

describe('statement splitter', () => {
  it('splits at semicolons outside strings, identifiers and comments', () => {
    const { statements, remainder } = splitStatements(
      "select ';' as \"a;b\"; -- c;\nselect 2 /* ; */; select 'it''s;'; select",
    );
    assert.deepEqual(statements, ['select \';\' as "a;b"', '-- c;\nselect 2 /* ; */', "select 'it''s;'"]);
    assert.equal(remainder, ' select');
  });
  it('drops empty statements and knows comment-only text', () => {
    assert.deepEqual(splitStatements(';; -- x\n;').statements, []);
    assert.equal(isOnlyComments(' -- a\n /* b */ '), true);
    assert.equal(isOnlyComments('select 1'), false);
  });
});

describe('USE in the client', () => {
  const session = newClientSession('http://h:1', 'u', { catalog: 'tpch', schema: 'tiny' });
  it('sets catalog and schema, or the schema alone', () => {
    assert.deepEqual(
      [
        applyUseStatement(session, 'USE memory.Default')?.catalog,
        applyUseStatement(session, 'use memory.Default')?.schema,
      ],
      ['memory', 'default'],
    );
    assert.equal(applyUseStatement(session, 'use sf1')?.schema, 'sf1');
    assert.equal(applyUseStatement(session, 'use "My Schema"')?.schema, 'My Schema');
    assert.equal(applyUseStatement(session, 'select 1'), undefined);
  });
});

describe('caret listing', () => {
  it('puts a caret under the failing column of the failing line', () => {
    assert.equal(caretListing('select\n  nosuch\nfrom t', 2, 3), 'select\n  nosuch\n  ^\nfrom t\n');
  });
});
