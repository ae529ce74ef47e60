/**
 * The errors scalar functions raise, with Presto/Trino's error names. Constructors rather than
 * throw helpers so that call sites read `throw invalidArgument(...)` and TypeScript sees the throw.
 */
import { VivaceError } from '../../common/vivace-error.js';

export function invalidArgument(message: string): VivaceError {
  return new VivaceError('INVALID_FUNCTION_ARGUMENT', message);
}

export function outOfRange(message: string): VivaceError {
  return new VivaceError('NUMERIC_VALUE_OUT_OF_RANGE', message);
}

export function divisionByZero(): VivaceError {
  return new VivaceError('DIVISION_BY_ZERO', 'Division by zero');
}

export function invalidCast(message: string): VivaceError {
  return new VivaceError('INVALID_CAST_ARGUMENT', message);
}

export function notSupported(message: string): VivaceError {
  return new VivaceError('NOT_SUPPORTED', message);
}

export function internalError(message: string): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', message);
}
