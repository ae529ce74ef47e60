import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, errorCode } from '../../src/common/error-codes.js';
import { toVivaceError, VivaceError } from '../../src/common/vivace-error.js';

describe('error codes', () => {
  it('numbers codes as Presto does and derives the type from the range', () => {
    assert.deepEqual(errorCode('SYNTAX_ERROR'), { code: 1, name: 'SYNTAX_ERROR', type: 'USER_ERROR' });
    assert.deepEqual(errorCode('COLUMN_NOT_FOUND'), { code: 47, name: 'COLUMN_NOT_FOUND', type: 'USER_ERROR' });
    assert.deepEqual(errorCode('TYPE_MISMATCH'), { code: 58, name: 'TYPE_MISMATCH', type: 'USER_ERROR' });
    assert.deepEqual(errorCode('INVALID_ORDER_BY'), { code: 91, name: 'INVALID_ORDER_BY', type: 'USER_ERROR' });
    assert.deepEqual(errorCode('GENERIC_INTERNAL_ERROR'), {
      code: 65536,
      name: 'GENERIC_INTERNAL_ERROR',
      type: 'INTERNAL_ERROR',
    });
    assert.deepEqual(errorCode('REMOTE_TASK_ERROR'), {
      code: 65542,
      name: 'REMOTE_TASK_ERROR',
      type: 'INTERNAL_ERROR',
    });
    assert.deepEqual(errorCode('SERIALIZATION_ERROR'), {
      code: 65562,
      name: 'SERIALIZATION_ERROR',
      type: 'INTERNAL_ERROR',
    });
    assert.deepEqual(errorCode('EXCEEDED_MEMORY_LIMIT'), {
      code: 131073,
      name: 'EXCEEDED_MEMORY_LIMIT',
      type: 'INSUFFICIENT_RESOURCES',
    });
    assert.deepEqual(errorCode('EXCEEDED_SCAN_LIMIT'), {
      code: 131081,
      name: 'EXCEEDED_SCAN_LIMIT',
      type: 'INSUFFICIENT_RESOURCES',
    });
    assert.deepEqual(errorCode('GENERIC_EXTERNAL'), { code: 16777216, name: 'GENERIC_EXTERNAL', type: 'EXTERNAL' });
  });

  it('has unique numbers', () => {
    const codes = Object.values(ERROR_CODES).map((c) => c.code);
    assert.equal(new Set(codes).size, codes.length);
  });

  it('prefixes the position of SQL errors and keeps the raw message', () => {
    const e = new VivaceError('COLUMN_NOT_FOUND', "Column 'nme' cannot be resolved", { line: 1, column: 8, offset: 7 });
    assert.equal(e.message, "line 1:8: Column 'nme' cannot be resolved");
    assert.equal(e.rawMessage, "Column 'nme' cannot be resolved");
    assert.equal(e.errorName, 'COLUMN_NOT_FOUND');
    assert.equal(e.errorType, 'USER_ERROR');
  });

  it('wraps foreign errors as internal errors and stack overflows as resource errors', () => {
    assert.equal(toVivaceError(new Error('boom')).errorName, 'GENERIC_INTERNAL_ERROR');
    assert.equal(toVivaceError(new RangeError('Maximum call stack size exceeded')).errorType, 'INSUFFICIENT_RESOURCES');
  });
});
