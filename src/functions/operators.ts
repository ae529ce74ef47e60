/**
 * The operators of the language as signatures: arithmetic over every numeric type (decimal results
 * sized by Trino's rules), date/time arithmetic with intervals, interval arithmetic, comparisons for
 * any comparable or orderable type, and subscripts of arrays and maps. They are resolved like
 * functions under internal names (`$operator$add`) that never appear in SHOW FUNCTIONS.
 */
import type { FunctionDefinition, LongVariables } from './function-signature.js';

/** The operators the registry resolves, named as Trino's OperatorType. */
export type OperatorKind =
  | 'ADD'
  | 'SUBTRACT'
  | 'MULTIPLY'
  | 'DIVIDE'
  | 'MODULUS'
  | 'NEGATION'
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'IS_DISTINCT_FROM'
  | 'SUBSCRIPT';

export const OPERATOR_KINDS: readonly OperatorKind[] = [
  'ADD',
  'SUBTRACT',
  'MULTIPLY',
  'DIVIDE',
  'MODULUS',
  'NEGATION',
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'IS_DISTINCT_FROM',
  'SUBSCRIPT',
];

/** The operator as written in SQL. */
export const OPERATOR_SYMBOLS: Readonly<Record<OperatorKind, string>> = {
  ADD: '+',
  SUBTRACT: '-',
  MULTIPLY: '*',
  DIVIDE: '/',
  MODULUS: '%',
  NEGATION: '-',
  EQUAL: '=',
  NOT_EQUAL: '<>',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IS_DISTINCT_FROM: 'IS DISTINCT FROM',
  SUBSCRIPT: '[]',
};

/** The internal function name an operator is registered under, e.g. `$operator$less_than`. */
export function operatorFunctionName(operator: OperatorKind): string {
  return `$operator$${operator.toLowerCase()}`;
}

export interface OperatorDefinition {
  readonly operator: OperatorKind;
  readonly definition: FunctionDefinition;
}

const MAX_PRECISION = 38;

/** Trino's result sizes for decimal arithmetic, over decimal(p1,s1) and decimal(p2,s2). */
export const DECIMAL_RESULT_RULES: Readonly<
  Record<
    'ADD' | 'SUBTRACT' | 'MULTIPLY' | 'DIVIDE' | 'MODULUS',
    Readonly<Record<'rp' | 'rs', (v: LongVariables) => number>>
  >
> = {
  ADD: {
    rp: (v) => Math.min(MAX_PRECISION, 1 + Math.max(v.s1, v.s2) + Math.max(v.p1 - v.s1, v.p2 - v.s2)),
    rs: (v) => Math.max(v.s1, v.s2),
  },
  SUBTRACT: {
    rp: (v) => Math.min(MAX_PRECISION, 1 + Math.max(v.s1, v.s2) + Math.max(v.p1 - v.s1, v.p2 - v.s2)),
    rs: (v) => Math.max(v.s1, v.s2),
  },
  MULTIPLY: {
    rp: (v) => Math.min(MAX_PRECISION, v.p1 + v.p2),
    rs: (v) => v.s1 + v.s2,
  },
  // The divisor's scale widens the result: dividing by 0.0001 multiplies by up to 10^4.
  DIVIDE: {
    rp: (v) => Math.min(MAX_PRECISION, v.p1 + v.s2 + Math.max(v.s2 - v.s1, 0)),
    rs: (v) => Math.max(v.s1, v.s2),
  },
  MODULUS: {
    rp: (v) => Math.min(v.p2 - v.s2, v.p1 - v.s1) + Math.max(v.s1, v.s2),
    rs: (v) => Math.max(v.s1, v.s2),
  },
};

const ARITHMETIC = ['ADD', 'SUBTRACT', 'MULTIPLY', 'DIVIDE', 'MODULUS'] as const;
const NUMERIC_TYPES = ['tinyint', 'smallint', 'integer', 'bigint', 'real', 'double'];
const DAY_TO_SECOND = 'interval day to second';
const YEAR_TO_MONTH = 'interval year to month';
const DATETIME_TYPES = ['time(p)', 'time(p) with time zone', 'timestamp(p)', 'timestamp(p) with time zone'] as const;

function operator(
  kind: OperatorKind,
  signature: string,
  description: string,
  derive?: FunctionDefinition['derive'],
): OperatorDefinition {
  const definition: FunctionDefinition = {
    kind: 'scalar',
    signature: `${operatorFunctionName(kind)}${signature}`,
    description,
  };
  return { operator: kind, definition: derive === undefined ? definition : { ...definition, derive } };
}

function arithmeticOperators(): OperatorDefinition[] {
  const result: OperatorDefinition[] = [];
  for (const kind of ARITHMETIC) {
    const verb = kind.toLowerCase();
    for (const type of NUMERIC_TYPES)
      result.push(operator(kind, `(${type},${type}):${type}`, `${verb} ${type} values`));
    result.push(
      operator(
        kind,
        '(decimal(p1,s1),decimal(p2,s2)):decimal(rp,rs)',
        `${verb} decimal values`,
        DECIMAL_RESULT_RULES[kind],
      ),
    );
  }
  for (const type of [...NUMERIC_TYPES, 'decimal(p,s)', DAY_TO_SECOND, YEAR_TO_MONTH]) {
    result.push(operator('NEGATION', `(${type}):${type}`, `negate ${type} values`));
  }
  return result;
}

function dateTimeOperators(): OperatorDefinition[] {
  const result: OperatorDefinition[] = [];
  const addOrSubtract = (type: string, interval: string) => {
    result.push(operator('ADD', `(${type},${interval}):${type}`, `add an interval to a ${type}`));
    result.push(operator('ADD', `(${interval},${type}):${type}`, `add an interval to a ${type}`));
    result.push(operator('SUBTRACT', `(${type},${interval}):${type}`, `subtract an interval from a ${type}`));
  };
  addOrSubtract('date', DAY_TO_SECOND);
  addOrSubtract('date', YEAR_TO_MONTH);
  for (const type of DATETIME_TYPES) {
    addOrSubtract(type, DAY_TO_SECOND);
    if (type.startsWith('timestamp')) addOrSubtract(type, YEAR_TO_MONTH);
    result.push(operator('SUBTRACT', `(${type},${type}):${DAY_TO_SECOND}`, `difference of two ${type} values`));
  }
  for (const interval of [DAY_TO_SECOND, YEAR_TO_MONTH]) {
    result.push(operator('ADD', `(${interval},${interval}):${interval}`, 'add intervals'));
    result.push(operator('SUBTRACT', `(${interval},${interval}):${interval}`, 'subtract intervals'));
    for (const factor of ['bigint', 'double']) {
      result.push(operator('MULTIPLY', `(${interval},${factor}):${interval}`, 'multiply an interval'));
      result.push(operator('MULTIPLY', `(${factor},${interval}):${interval}`, 'multiply an interval'));
    }
    result.push(operator('DIVIDE', `(${interval},double):${interval}`, 'divide an interval'));
  }
  return result;
}

function comparisonOperators(): OperatorDefinition[] {
  return [
    operator('EQUAL', '<T:comparable>(T,T):boolean', 'equality'),
    operator('NOT_EQUAL', '<T:comparable>(T,T):boolean', 'inequality'),
    operator('IS_DISTINCT_FROM', '<T:comparable>(T,T):boolean', 'null-aware inequality'),
    operator('LESS_THAN', '<T:orderable>(T,T):boolean', 'less than'),
    operator('LESS_THAN_OR_EQUAL', '<T:orderable>(T,T):boolean', 'less than or equal'),
    operator('GREATER_THAN', '<T:orderable>(T,T):boolean', 'greater than'),
    operator('GREATER_THAN_OR_EQUAL', '<T:orderable>(T,T):boolean', 'greater than or equal'),
  ];
}

function subscriptOperators(): OperatorDefinition[] {
  return [
    operator('SUBSCRIPT', '<T>(array(T),bigint):T', 'array element at a 1-based index'),
    operator('SUBSCRIPT', '<K,V>(map(K,V),K):V', 'map value for a key'),
  ];
}

/** Every operator signature of the language. */
export function operatorDefinitions(): readonly OperatorDefinition[] {
  return [...arithmeticOperators(), ...dateTimeOperators(), ...comparisonOperators(), ...subscriptOperators()];
}
