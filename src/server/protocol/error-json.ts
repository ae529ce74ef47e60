/**
 * Presto's `error` object of the statement protocol (QueryError): message, errorCode, errorName,
 * errorType, errorLocation for SQL errors, and failureInfo (type, message, cause, suppressed,
 * stack, errorLocation). The stack names the server's source files, so what goes to clients has
 * an empty `stack` unless `http-server.include-stack-traces` is on (the server logs it anyway);
 * between nodes (task failures) it is always included.
 */
import type { VivaceError } from '../../common/vivace-error.js';
import type { JsonValue } from '../../data/json-values.js';

export function errorObject(error: VivaceError, includeStack: boolean): Record<string, JsonValue> {
  const location = error.location
    ? { lineNumber: error.location.line, columnNumber: error.location.column }
    : undefined;
  const result: Record<string, JsonValue> = {
    message: error.message,
    errorCode: error.errorCode.code,
    errorName: error.errorCode.name,
    errorType: error.errorCode.type,
    failureInfo: failureInfo(error, location, includeStack),
  };
  if (location) result.errorLocation = location;
  return result;
}

function failureInfo(
  error: Error,
  location: { lineNumber: number; columnNumber: number } | undefined,
  includeStack: boolean,
): JsonValue {
  const cause = error.cause instanceof Error ? failureInfo(error.cause, undefined, includeStack) : undefined;
  const info: Record<string, JsonValue> = {
    type: error.name === 'VivaceError' ? 'io.vivace.VivaceException' : `io.vivace.${error.name}`,
    message: error.message,
    suppressed: [],
    stack: includeStack
      ? (error.stack ?? '')
          .split('\n')
          .slice(1)
          .map((line) => line.trim())
      : [],
  };
  if (cause) info.cause = cause;
  if (location) info.errorLocation = location;
  return info;
}

/** A task record (spec §2.3) for clients: its failures without their stacks unless `includeStack`. */
export function taskInfoForClients(
  info: Readonly<Record<string, unknown>>,
  includeStack: boolean,
): Readonly<Record<string, unknown>> {
  const failures = info.failures;
  if (includeStack || !Array.isArray(failures) || failures.length === 0) return info;
  return { ...info, failures: failures.map((failure) => withoutStacks(failure)) };
}

function withoutStacks(failure: unknown): unknown {
  if (typeof failure !== 'object' || failure === null) return failure;
  const copy: Record<string, unknown> = { ...(failure as Record<string, unknown>), stack: [] };
  if (copy.cause !== undefined) copy.cause = withoutStacks(copy.cause);
  if (Array.isArray(copy.suppressed)) copy.suppressed = copy.suppressed.map(withoutStacks);
  return copy;
}
