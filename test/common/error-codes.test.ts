import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, errorCode, HIVE_ERROR_CODES, hiveErrorCode } from '../../src/common/error-codes.js';
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

describe('hive error codes', () => {
  it("number codes as Trino's HiveErrorCode, deprecated codes keeping their places", () => {
    assert.deepEqual(hiveErrorCode('HIVE_METASTORE_ERROR'), {
      code: 16777216,
      name: 'HIVE_METASTORE_ERROR',
      type: 'EXTERNAL',
    });
    assert.deepEqual(hiveErrorCode('HIVE_CANNOT_OPEN_SPLIT'), {
      code: 16777219,
      name: 'HIVE_CANNOT_OPEN_SPLIT',
      type: 'EXTERNAL',
    });
    assert.equal(hiveErrorCode('HIVE_BAD_DATA').code, 16777223);
    assert.equal(hiveErrorCode('HIVE_INVALID_PARTITION_VALUE').code, 16777226);
    assert.equal(hiveErrorCode('HIVE_FILESYSTEM_ERROR').code, 16777232);
    assert.equal(hiveErrorCode('HIVE_SERDE_NOT_FOUND').code, 16777234);
    assert.equal(hiveErrorCode('HIVE_CORRUPTED_COLUMN_STATISTICS').code, 16777253);
    assert.deepEqual(hiveErrorCode('HIVE_INVALID_TIMESTAMP_COERCION'), {
      code: 16777259,
      name: 'HIVE_INVALID_TIMESTAMP_COERCION',
      type: 'EXTERNAL',
    });
    assert.equal(hiveErrorCode('HIVE_PARTITION_NOT_FOUND').type, 'USER_ERROR');
    assert.equal(hiveErrorCode('HIVE_WRITE_VALIDATION_FAILED').type, 'INTERNAL_ERROR');
    const codes = Object.values(HIVE_ERROR_CODES).map((c) => c.code);
    assert.equal(new Set(codes).size, codes.length);
  });

  it('can be raised as a VivaceError', () => {
    const e = new VivaceError(hiveErrorCode('HIVE_BAD_DATA'), 'bad');
    assert.equal(e.errorName, 'HIVE_BAD_DATA');
    assert.equal(e.errorType, 'EXTERNAL');
  });
});
