/**
 * Row expressions as readable SQL-like text for EXPLAIN: operators infix and parenthesised
 * (`(extendedprice * (1 - discount))`), functions by name, casts as `CAST(x AS bigint)`,
 * constants as literals of their type (`DATE '1994-01-01'`, `'BRASS'`, `12.34`).
 */
import type { Constant } from '../analyzer/bound-tree.js';
import { OPERATOR_SYMBOLS } from '../functions/operators.js';
import type { Type } from '../types/type.js';
import { formatType } from '../types/type-signature.js';
import { operatorOf } from './planner-functions.js';
import type { RowExpression } from './row-expression.js';

export function formatExpression(e: RowExpression): string {
  return new ExpressionPrinter().print(e);
}

class ExpressionPrinter {
  private lambdaLevel = 0;

  print(e: RowExpression): string {
    switch (e.kind) {
      case 'Symbol':
        return e.name;
      case 'Constant':
        return formatConstant(e.value, e.type);
      case 'Cast':
        return `${e.safe ? 'TRY_CAST' : 'CAST'}(${this.print(e.value)} AS ${formatType(e.type)})`;
      case 'Call': {
        const operator = operatorOf(e);
        const args = e.args.map((a) => this.print(a));
        if (operator === undefined) return `${e.function.name}(${args.join(', ')})`;
        if (operator === 'NEGATION') return `(-${args[0]})`;
        if (operator === 'SUBSCRIPT') return `${args[0]}[${args[1]}]`;
        return `(${args[0]} ${OPERATOR_SYMBOLS[operator]} ${args[1]})`;
      }
      case 'SpecialForm':
        return this.specialForm(e.form, e.args, e.type);
      case 'Lambda': {
        const level = this.lambdaLevel++;
        try {
          const params = e.parameterTypes.map((_, i) => `p${level}_${i}`);
          return `(${params.join(', ')}) -> ${this.print(e.body)}`;
        } finally {
          this.lambdaLevel--;
        }
      }
      case 'LambdaRef':
        return `p${this.lambdaLevel - 1 - e.depth}_${e.index}`;
    }
  }

  private specialForm(form: string, args: readonly RowExpression[], type: Type): string {
    const p = args.map((a) => this.print(a));
    switch (form) {
      case 'AND':
      case 'OR':
        return `(${p.join(` ${form} `)})`;
      case 'NOT':
        return `(NOT ${p[0]})`;
      case 'IS_NULL':
        return `(${p[0]} IS NULL)`;
      case 'IS_DISTINCT_FROM':
        return `(${p[0]} IS DISTINCT FROM ${p[1]})`;
      case 'IN':
        return `(${p[0]} IN (${p.slice(1).join(', ')}))`;
      case 'BETWEEN':
        return `(${p[0]} BETWEEN ${p[1]} AND ${p[2]})`;
      case 'LIKE':
        return `(${p[0]} LIKE ${p[1]}${p.length > 2 ? ` ESCAPE ${p[2]}` : ''})`;
      case 'SWITCH': {
        let text = 'CASE';
        for (let i = 0; i + 1 < p.length; i += 2) text += ` WHEN ${p[i]} THEN ${p[i + 1]}`;
        return `${text} ELSE ${p[p.length - 1]} END`;
      }
      case 'ROW':
        return `ROW(${p.join(', ')})`;
      case 'ARRAY':
        return `ARRAY[${p.join(', ')}]`;
      case 'DEREFERENCE': {
        const index = Number((args[1] as Constant).value);
        const base = args[0].type;
        const name = base.kind === 'row' ? base.fields[index]?.name : undefined;
        return name ? `${p[0]}.${name}` : `${p[0]}[${index + 1}]`;
      }
      case 'AT_TIME_ZONE':
        return `(${p[0]} AT TIME ZONE ${p[1]})`;
      case 'CURRENT_DATE':
      case 'CURRENT_TIME':
      case 'CURRENT_TIMESTAMP':
      case 'LOCALTIME':
      case 'LOCALTIMESTAMP':
        return form === 'CURRENT_DATE' ? form : `${form}(${'precision' in type ? type.precision : ''})`;
      default:
        return `${form}(${p.join(', ')})`;
    }
  }
}

/** A constant as a SQL literal of its type. */
export function formatConstant(value: unknown, type: Type): string {
  if (value === null || value === undefined) return 'null';
  switch (type.kind) {
    case 'boolean':
    case 'tinyint':
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double':
      return String(value);
    case 'decimal':
      return formatDecimal(String(value), type.scale);
    case 'varchar':
    case 'char':
      return `'${String(value).replaceAll("'", "''")}'`;
    case 'date':
      return `DATE '${formatDate(Number(value))}'`;
    case 'interval year to month':
      return `INTERVAL '${value}' MONTH`;
    case 'interval day to second': {
      const ms = Number(value);
      return ms % 86_400_000 === 0 ? `INTERVAL '${ms / 86_400_000}' DAY` : `INTERVAL '${ms / 1000}' SECOND`;
    }
    case 'varbinary':
      return `X'${String(value)}'`;
    case 'time':
    case 'time with time zone':
    case 'timestamp':
    case 'timestamp with time zone':
      return `${formatType(type).toUpperCase()} '${String(value)}'`;
    default:
      return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  }
}

/** Unscaled digits (with sign) and a scale → `-12.34`. */
export function formatDecimal(unscaled: string, scale: number): string {
  const negative = unscaled.startsWith('-');
  const digits = (negative ? unscaled.slice(1) : unscaled).padStart(scale + 1, '0');
  const text =
    scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

/** Days since the epoch → `YYYY-MM-DD`. */
export function formatDate(days: number): string {
  const date = new Date(days * 86_400_000);
  const year = date.getUTCFullYear();
  const y = year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
  return `${y}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}
