/**
 * The reference evaluator of row expressions: walks the tree for one row at a time, with SQL's
 * NULL semantics. It defines what an expression means; the compiler (compiler.ts) generates
 * fast page-at-a-time code that must agree with it (a property test checks they do). Also
 * used for constant folding and for the rare expressions the compiler does not handle.
 */
import { VivaceError } from '../../common/vivace-error.js';
import type { RowExpression } from '../../planner/row-expression.js';
import type { Type } from '../../types/type.js';
import { constantValue } from './constant-values.js';
import type { CastImplementation, EngineFunctions, ScalarCallContext } from './engine-functions.js';

/** Reads the value of a symbol for the current row. */
export type SymbolReader = (name: string) => unknown;

export interface EvaluationContext {
  readonly functions: EngineFunctions;
  readonly session: ScalarCallContext['session'];
}

/** Errors that TRY turns into NULL (Presto's list). */
const TRY_CATCHES = new Set([
  'DIVISION_BY_ZERO',
  'INVALID_CAST_ARGUMENT',
  'INVALID_FUNCTION_ARGUMENT',
  'NUMERIC_VALUE_OUT_OF_RANGE',
]);

export function isTryCatchable(e: unknown): boolean {
  return e instanceof VivaceError && TRY_CATCHES.has(e.errorName);
}

export class ExpressionInterpreter {
  private readonly casts = new Map<string, CastImplementation>();

  constructor(private readonly context: EvaluationContext) {}

  evaluate(expression: RowExpression, read: SymbolReader, lambdas: readonly (readonly unknown[])[] = []): unknown {
    switch (expression.kind) {
      case 'Symbol':
        return read(expression.name);
      case 'Constant':
        return constantValue(expression, this.context.functions);
      case 'LambdaRef':
        return lambdas[lambdas.length - 1 - expression.depth][expression.index];
      case 'Lambda':
        return (...params: unknown[]) => this.evaluate(expression.body, read, [...lambdas, params]);
      case 'Cast': {
        const value = this.evaluate(expression.value, read, lambdas);
        if (value === null) return null;
        const cast = this.cast(expression.value.type, expression.type);
        if (!expression.safe) return cast(value, this.callContext([expression.value.type], expression.type));
        try {
          return cast(value, this.callContext([expression.value.type], expression.type));
        } catch (e) {
          if (isTryCatchable(e)) return null;
          throw e;
        }
      }
      case 'Call': {
        const implementation = this.context.functions.scalar(expression.function.id);
        const args = expression.args.map((a) => this.evaluate(a, read, lambdas));
        if (implementation.nullHandling === 'RETURNS_NULL_ON_NULL' && args.includes(null)) return null;
        return implementation.fn(...args, this.callContext(expression.function.argumentTypes, expression.type));
      }
      case 'SpecialForm':
        return this.specialForm(expression, read, lambdas);
    }
  }

  private cast(from: Type, to: Type): CastImplementation {
    const key = JSON.stringify([from, to]);
    let cast = this.casts.get(key);
    if (!cast) {
      cast = this.context.functions.cast(from, to);
      this.casts.set(key, cast);
    }
    return cast;
  }

  private callContext(argumentTypes: readonly Type[], returnType: Type): ScalarCallContext {
    return { argumentTypes, returnType, session: this.context.session };
  }

  private specialForm(
    expression: Extract<RowExpression, { kind: 'SpecialForm' }>,
    read: SymbolReader,
    lambdas: readonly (readonly unknown[])[],
  ): unknown {
    const args = expression.args;
    const eval_ = (i: number) => this.evaluate(args[i], read, lambdas);
    switch (expression.form) {
      case 'AND': {
        let sawNull = false;
        for (let i = 0; i < args.length; i++) {
          const v = eval_(i);
          if (v === false) return false;
          if (v === null) sawNull = true;
        }
        return sawNull ? null : true;
      }
      case 'OR': {
        let sawNull = false;
        for (let i = 0; i < args.length; i++) {
          const v = eval_(i);
          if (v === true) return true;
          if (v === null) sawNull = true;
        }
        return sawNull ? null : false;
      }
      case 'NOT': {
        const v = eval_(0);
        return v === null ? null : !v;
      }
      case 'IS_NULL':
        return eval_(0) === null;
      case 'IS_DISTINCT_FROM': {
        return this.context.functions.distinct(args[0].type, eval_(0), eval_(1));
      }
      case 'IF':
        return eval_(0) === true ? eval_(1) : eval_(2);
      case 'COALESCE':
        for (let i = 0; i < args.length; i++) {
          const v = eval_(i);
          if (v !== null) return v;
        }
        return null;
      case 'NULLIF': {
        const a = eval_(0);
        if (a === null) return null;
        const b = eval_(1);
        if (b === null) return a;
        const common = args[1].type;
        const aInCommon = this.cast(args[0].type, common)(a, this.callContext([args[0].type], common));
        return this.context.functions.equals(common, aInCommon, b) === true ? null : a;
      }
      case 'SWITCH': {
        const last = args.length - 1;
        for (let i = 0; i < last; i += 2) {
          if (eval_(i) === true) return eval_(i + 1);
        }
        return eval_(last);
      }
      case 'IN': {
        const value = eval_(0);
        if (value === null) return null;
        let sawNull = false;
        const type = args[0].type;
        for (let i = 1; i < args.length; i++) {
          const item = eval_(i);
          const equal = item === null ? null : this.context.functions.equals(type, value, item);
          if (equal === true) return true;
          if (equal === null) sawNull = true;
        }
        return sawNull ? null : false;
      }
      case 'BETWEEN': {
        // Exactly `value >= min AND value <= max` (Trino's definition): `>=` and `<=` are false
        // for a NaN (the ordering comparator alone would put NaN above +Infinity), and AND skips
        // max once the first comparison is false.
        const type = args[0].type;
        const floating = type.kind === 'double' || type.kind === 'real';
        const compare = (a: unknown, b: unknown): number | null =>
          a === null || b === null
            ? null
            : floating && (Number.isNaN(a) || Number.isNaN(b))
              ? Number.NaN
              : this.context.functions.compare(type, a, b);
        const value = eval_(0);
        const aboveMin = compare(value, eval_(1));
        if (aboveMin !== null && !(aboveMin >= 0)) return false;
        const belowMax = compare(value, eval_(2));
        if (belowMax !== null && !(belowMax <= 0)) return false;
        return aboveMin === null || belowMax === null ? null : true;
      }
      case 'LIKE': {
        const value = eval_(0);
        const pattern = eval_(1);
        const escapeCharacter = args.length > 2 ? eval_(2) : undefined;
        if (value === null || pattern === null || escapeCharacter === null) return null;
        return this.context.functions.like(pattern as string, escapeCharacter as string | undefined)(value as string);
      }
      case 'ROW':
      case 'ARRAY':
        return args.map((_, i) => eval_(i));
      case 'DEREFERENCE': {
        const row = eval_(0) as unknown[] | null;
        if (row === null) return null;
        return row[eval_(1) as number] ?? null;
      }
      case 'TRY':
        try {
          return eval_(0);
        } catch (e) {
          if (isTryCatchable(e)) return null;
          throw e;
        }
      case 'CURRENT_DATE':
      case 'CURRENT_TIME':
      case 'CURRENT_TIMESTAMP':
      case 'LOCALTIME':
      case 'LOCALTIMESTAMP':
        return this.context.functions.currentTime(expression.form, expression.type, this.context.session);
      case 'AT_TIME_ZONE': {
        const value = eval_(0);
        const zone = eval_(1);
        if (value === null || zone === null) return null;
        return this.context.functions.atTimeZone(value, zone, args[1].type);
      }
      default: {
        const form: never = expression.form;
        throw new VivaceError('GENERIC_INTERNAL_ERROR', `Unknown special form ${String(form)}`);
      }
    }
  }
}
