/**
 * The one error class of the engine. Every failure a user can see carries an error code from the
 * catalog, a message, and for SQL errors the 1-based line and column of the offending text. The
 * statement protocol serialises it into Presto's `error` object.
 */
import { type ErrorCode, type ErrorName, errorCode } from './error-codes.js';

/** A position in SQL text: 1-based line and column, 0-based character offset. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export class VivaceError extends Error {
  readonly errorCode: ErrorCode;
  readonly location: SourcePosition | undefined;
  /** The message without the `line L:C: ` prefix. */
  readonly rawMessage: string;

  constructor(code: ErrorName | ErrorCode, message: string, location?: SourcePosition, options?: { cause?: unknown }) {
    super(location ? `line ${location.line}:${location.column}: ${message}` : message, options);
    this.name = 'VivaceError';
    this.errorCode = typeof code === 'string' ? errorCode(code) : code;
    this.location = location;
    this.rawMessage = message;
  }

  get errorName(): string {
    return this.errorCode.name;
  }

  get errorType(): string {
    return this.errorCode.type;
  }
}

/** Shorthand for the common case of a user error at a position. */
export function semanticError(code: ErrorName, message: string, location?: SourcePosition): VivaceError {
  return new VivaceError(code, message, location);
}

/** Converts anything thrown into a VivaceError, keeping the original as the cause. */
export function toVivaceError(e: unknown): VivaceError {
  if (e instanceof VivaceError) return e;
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return new VivaceError('GENERIC_INSUFFICIENT_RESOURCES', 'Statement is too deeply nested', undefined, { cause: e });
  }
  // The engine's own limits stop large values before they are built; these are what V8 says
  // when something slipped past them: a user's value, not an engine fault.
  if (e instanceof RangeError && /Invalid (string|array|typed array) length|allocation failed/i.test(e.message)) {
    return new VivaceError('EXCEEDED_FUNCTION_MEMORY_LIMIT', `Value is too large: ${e.message}`, undefined, {
      cause: e,
    });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new VivaceError('GENERIC_INTERNAL_ERROR', message, undefined, { cause: e });
}
