/**
 * The errors of function and operator resolution, worded as Trino words them. They carry no
 * position: the analyzer knows where the call is and rethrows with it, e.g.
 * `throw withPosition(error, node.location)`.
 */
import type { SourcePosition } from '../common/vivace-error.js';
import { VivaceError } from '../common/vivace-error.js';
import { formatType, formatTypeSignature } from '../types/format-type.js';
import type { Type } from '../types/type.js';
import { type FunctionSignature, formatExpectedSignature } from './function-signature.js';
import { OPERATOR_SYMBOLS, type OperatorKind } from './operators.js';
import { type ArgumentType, type BoundSignature, isLambdaArgument } from './signature-binder.js';

/** A copy of `error` located at `position`, for the analyzer to point at the call. */
export function withPosition(error: VivaceError, position: SourcePosition | undefined): VivaceError {
  if (position === undefined || error.location !== undefined) return error;
  return new VivaceError(error.errorCode, error.rawMessage, position, { cause: error.cause });
}

/** `Function 'foo' not registered` (FUNCTION_NOT_FOUND). */
export function functionNotRegistered(name: string): VivaceError {
  return new VivaceError('FUNCTION_NOT_FOUND', `Function '${name}' not registered`);
}

/**
 * `Unexpected parameters (varchar(3), bigint) for function substr. Expected: substr(char(x), bigint),
 * substr(varchar(x), bigint), ...` (FUNCTION_NOT_FOUND); the expected signatures sorted as text.
 */
export function unexpectedParameters(
  name: string,
  args: readonly ArgumentType[],
  candidates: readonly FunctionSignature[],
): VivaceError {
  const expected = [...new Set(candidates.map((c) => formatExpectedSignature(name, c)))].sort(compareText);
  return new VivaceError(
    'FUNCTION_NOT_FOUND',
    `Unexpected parameters (${formatArguments(args)}) for function ${name}. Expected: ${expected.join(', ')}`,
  );
}

/** Several candidates fit equally well (AMBIGUOUS_FUNCTION_CALL), listed with their bound signatures. */
export function ambiguousCall(args: readonly ArgumentType[], candidates: readonly BoundSignature[]): VivaceError {
  let message = 'Could not choose a best candidate operator. Explicit type casts must be added.\n';
  message += `Actual types: (${formatArguments(args)})\n`;
  message += 'Candidates are:\n';
  for (const candidate of candidates) message += `\t * ${formatBoundSignature(candidate)}\n`;
  return new VivaceError('AMBIGUOUS_FUNCTION_CALL', message);
}

/**
 * The message Trino's analyzer gives when no operator applies: `Cannot apply operator: varchar +
 * integer`, `Cannot negate varchar`, `Cannot check if a is distinct from b`, `Cannot use varchar for
 * subscript of array(bigint)`. Types print by their display names.
 */
export function formatOperatorError(operator: OperatorKind, argumentTypes: readonly Type[]): string {
  const [first, second] = argumentTypes.map(formatType);
  switch (operator) {
    case 'NEGATION':
      return `Cannot negate ${first}`;
    case 'IS_DISTINCT_FROM':
      return `Cannot check if ${first} is distinct from ${second}`;
    case 'SUBSCRIPT':
      return `Cannot use ${second} for subscript of ${first}`;
    default:
      return `Cannot apply operator: ${first} ${OPERATOR_SYMBOLS[operator]} ${second}`;
  }
}

/** TYPE_MISMATCH with formatOperatorError's message, as Trino's analyzer reports it. */
export function operatorNotFound(operator: OperatorKind, argumentTypes: readonly Type[]): VivaceError {
  return new VivaceError('TYPE_MISMATCH', formatOperatorError(operator, argumentTypes));
}

/** `name(arg,arg):ret` with the bound types. */
export function formatBoundSignature(bound: BoundSignature): string {
  const args = bound.argumentTypes.map(formatTypeSignature).join(',');
  return `${bound.signature.name}(${args}):${formatTypeSignature(bound.returnType)}`;
}

/** Actual argument types as Trino lists them; a lambda, whose type is not known yet, prints as `function`. */
function formatArguments(args: readonly ArgumentType[]): string {
  return args.map((a) => (isLambdaArgument(a) ? 'function' : formatTypeSignature(a))).join(', ');
}

/** Java's String.compareTo order (UTF-16 code units), which Trino's TreeSet sorts by. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
