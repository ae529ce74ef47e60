/**
 * Presto's `error` object of the statement protocol (QueryError): message, errorCode, errorName,
 * errorType, errorLocation for SQL errors, and failureInfo (type, message, cause, suppressed,
 * stack, errorLocation).
 */
import type { VivaceError } from '../../common/vivace-error.js';
import type { JsonValue } from '../../data/json-values.js';

export function errorObject(error: VivaceError): Record<string, JsonValue> {
  const location = error.location
    ? { lineNumber: error.location.line, columnNumber: error.location.column }
    : undefined;
  const result: Record<string, JsonValue> = {
    message: error.message,
    errorCode: error.errorCode.code,
    errorName: error.errorCode.name,
    errorType: error.errorCode.type,
    failureInfo: failureInfo(error, location),
  };
  if (location) result.errorLocation = location;
  return result;
}

function failureInfo(error: Error, location: { lineNumber: number; columnNumber: number } | undefined): JsonValue {
  const cause = error.cause instanceof Error ? failureInfo(error.cause, undefined) : undefined;
  const info: Record<string, JsonValue> = {
    type: error.name === 'VivaceError' ? 'io.vivace.VivaceException' : `io.vivace.${error.name}`,
    message: error.message,
    suppressed: [],
    stack: (error.stack ?? '')
      .split('\n')
      .slice(1)
      .map((line) => line.trim()),
  };
  if (cause) info.cause = cause;
  if (location) info.errorLocation = location;
  return info;
}
