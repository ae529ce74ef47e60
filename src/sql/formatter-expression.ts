/**
 * The expression half of the SQL formatter: identifiers, literals, data types, operators and the
 * clauses that live inside expressions (windows, sort items). It parenthesises by Presto's operator
 * precedence, quotes identifiers that need it and escapes strings, so that the printed text parses
 * back to the same tree. Queries nested in expressions are printed by the subclass in
 * `formatter.ts`, which supplies `query()`.
 *
 * Layout: every method takes an `Indent`: the indentation of the line the text starts on, or
 * `null` for single-line output. Single-line output is also used to measure whether an AND/OR
 * chain or a CASE fits on one line before deciding to break it.
 */

import { assertNever, fail } from '../common/invariant.js';
import type {
  DataType,
  Expression,
  FrameBound,
  FunctionCall,
  Identifier,
  LogicalBinary,
  QualifiedName,
  Query,
  SortItem,
  TypeParameter,
  WhenClause,
  WindowFrame,
  WindowSpecification,
} from './ast.js';
import { formatJsonFunction } from './formatter-json.js';
import { isReservedKeyword } from './keywords.js';

/** Indentation of the current line, or null for single-line output. */
export type Indent = string | null;

/** An AND/OR chain or CASE is kept on one line when the line stays within this width. */
export const LINE_WIDTH = 80;

export const INDENT_STEP = '  ';

// Binding strength of each printed form, weakest first. A child printed where the grammar needs a
// stronger form is parenthesised.
const PREC_LAMBDA = 0;
export const PREC_OR = 1;
const PREC_AND = 2;
const PREC_NOT = 3;
const PREC_PREDICATE = 4;
/** The weakest `valueExpression` of Presto's grammar: operands of comparisons and predicates. */
const PREC_VALUE = 5;
const PREC_ADDITIVE = 6;
const PREC_MULTIPLICATIVE = 7;
const PREC_UNARY = 8;
const PREC_AT_TIME_ZONE = 9;
export const PREC_PRIMARY = 10;

export function deeper(indent: Indent): Indent {
  return indent === null ? null : indent + INDENT_STEP;
}

/** A line break to `indent`, or a space in single-line output. */
export function newline(indent: Indent): string {
  return indent === null ? ' ' : `\n${indent}`;
}

function isSimpleIdentifier(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; // A-Z a-z _
    if (letter) continue;
    const digit = c >= 48 && c <= 57;
    if (!digit || i === 0) return false;
  }
  return true;
}

/** An identifier as SQL text: quoted when it was written quoted, is reserved, or is not a simple name. */
export function formatIdentifier(id: Identifier): string {
  if (id.quoted || !isSimpleIdentifier(id.value) || isReservedKeyword(id.value.toUpperCase()))
    return quoteIdentifier(id.value);
  return id.value;
}

/**
 * A catalog's stored (canonical, lower-case) name as SQL text that parses back to it: quoted when
 * it has other characters than lower-case letters, digits and `_`, or is a reserved word (a
 * column named `when` prints as `"when"`, so SHOW CREATE TABLE's text runs as it is).
 */
export function formatStoredName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !isReservedKeyword(name.toUpperCase()) ? name : quoteIdentifier(name);
}

export function quoteIdentifier(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

export function formatQualifiedName(name: QualifiedName): string {
  return name.parts.map(formatIdentifier).join('.');
}

/**
 * Function names are not quoted for being reserved words: the parser turns some reserved words
 * into plain function calls (`grouping(a)`), and quoting them would change their meaning.
 */
function formatFunctionName(name: QualifiedName): string {
  return name.parts
    .map((p) => (p.quoted || !isSimpleIdentifier(p.value) ? quoteIdentifier(p.value) : p.value))
    .join('.');
}

/** True for characters that are printed through a `U&''` escape rather than literally. */
function needsUnicodeEscape(c: number): boolean {
  return (c < 0x20 && c !== 0x0a && c !== 0x09) || (c >= 0x7f && c <= 0x9f);
}

/**
 * A string literal: `'it''s'`, or `U&'a\000Db'` when it holds control characters (other than
 * newline and tab), which would otherwise be invisible or mangled by editors.
 */
export function formatStringLiteral(value: string): string {
  let plain = true;
  for (let i = 0; i < value.length; i++) {
    if (needsUnicodeEscape(value.charCodeAt(i))) {
      plain = false;
      break;
    }
  }
  if (plain) return `'${value.replaceAll("'", "''")}'`;
  let out = "U&'";
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? fail('a string iterates as non-empty code points');
    if (ch === "'") out += "''";
    else if (ch === '\\') out += '\\\\';
    else if (needsUnicodeEscape(c)) out += `\\${c.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** `varchar(25)`, `decimal(10, 2)`, `row(a bigint, b varchar)`, `timestamp(3) with time zone`. */
export function formatDataType(type: DataType): string {
  if (type.parameters.length === 0) return type.name;
  const parameters = `(${type.parameters.map(formatTypeParameter).join(', ')})`;
  // Precision goes after the first word: `timestamp(3) with time zone`.
  const space = type.name.indexOf(' ');
  if (space < 0) return type.name + parameters;
  return type.name.slice(0, space) + parameters + type.name.slice(space);
}

function formatTypeParameter(parameter: TypeParameter): string {
  if (parameter.kind === 'NumericParameter') return String(parameter.value);
  const type = formatDataType(parameter.type);
  return parameter.name ? `${formatIdentifier(parameter.name)} ${type}` : type;
}

// The parser folds a leading `-` into the literal, so a negative number prints bare too.
const DECIMAL_TEXT = /^-?(?:[0-9]+\.[0-9]*|\.[0-9]+)$/;
const DOUBLE_TEXT = /^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][+-]?[0-9]+$/;

function startsWithDigit(text: string): boolean {
  const c = text.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 46; // 0-9 .
}

/** A literal's text that parses back as the same kind of literal. */
function formatNumber(kind: 'DecimalLiteral' | 'DoubleLiteral', text: string): string {
  if (kind === 'DecimalLiteral') return DECIMAL_TEXT.test(text) ? text : `DECIMAL ${formatStringLiteral(text)}`;
  return DOUBLE_TEXT.test(text) ? text : `DOUBLE ${formatStringLiteral(text)}`;
}

/** The keyword of a typed literal: the zone-bearing timestamp/time types are written without the suffix. */
function genericLiteralKeyword(type: string): string {
  const space = type.indexOf(' ');
  const keyword = space < 0 ? type : type.slice(0, space);
  return isSimpleIdentifier(keyword) ? keyword.toUpperCase() : quoteIdentifier(keyword);
}

const PREDICATE_KINDS: ReadonlySet<string> = new Set(['InList', 'InSubquery', 'Between', 'Like']);

/** `NOT` around these prints as the infix negation (`a NOT IN (...)`, `a IS NOT DISTINCT FROM b`). */
function hasInfixNegation(value: Expression): boolean {
  return PREDICATE_KINDS.has(value.kind) || (value.kind === 'Comparison' && value.operator === 'IS DISTINCT FROM');
}

function isNegativeNumber(e: Expression): boolean {
  return (
    (e.kind === 'IntegerLiteral' || e.kind === 'DecimalLiteral' || e.kind === 'DoubleLiteral') &&
    (e.text.startsWith('-') || e.text.startsWith('+'))
  );
}

function precedence(e: Expression): number {
  switch (e.kind) {
    case 'Lambda':
      return PREC_LAMBDA;
    case 'LogicalBinary':
      return e.operator === 'OR' ? PREC_OR : PREC_AND;
    case 'Not':
      return hasInfixNegation(e.value) ? PREC_PREDICATE : PREC_NOT;
    case 'Comparison':
    case 'QuantifiedComparison':
    case 'IsNull':
    case 'IsNotNull':
    case 'Between':
    case 'InList':
    case 'InSubquery':
    case 'Like':
      return PREC_PREDICATE;
    case 'ArithmeticBinary':
      return e.operator === '+' || e.operator === '-' ? PREC_ADDITIVE : PREC_MULTIPLICATIVE;
    case 'ArithmeticUnary':
      return PREC_UNARY;
    case 'AtTimeZone':
      return PREC_AT_TIME_ZONE;
    case 'IntegerLiteral':
    case 'DecimalLiteral':
    case 'DoubleLiteral':
      return isNegativeNumber(e) ? PREC_UNARY : PREC_PRIMARY;
    default:
      return PREC_PRIMARY;
  }
}

const NUMBER_KINDS: ReadonlySet<string> = new Set(['IntegerLiteral', 'DecimalLiteral', 'DoubleLiteral']);

export abstract class ExpressionFormatter {
  /** Counts queries printed single-line, so a caller measuring a one-line form can tell one was inside. */
  protected inlineQueries = 0;

  /** A query: its first line starts at the current position, later lines at `indent`. */
  protected abstract query(query: Query, indent: Indent): string;

  /** `(query)` laid out as a block: the query indented one step, the `)` back at `indent`. */
  protected subquery(query: Query, indent: Indent): string {
    if (indent === null) {
      this.inlineQueries++;
      return `(${this.query(query, null)})`;
    }
    const inner = indent + INDENT_STEP;
    return `(\n${inner}${this.query(query, inner)}\n${indent})`;
  }

  /**
   * The one-line form of `e` when it fits in the line width from `indent` and holds no query;
   * undefined when it must be broken.
   */
  protected fitOnLine(e: Expression, indent: Indent, extraWidth = 0): string | undefined {
    const before = this.inlineQueries;
    const text = this.expression(e, null);
    if (indent === null) return text;
    if (this.inlineQueries !== before || indent.length + extraWidth + text.length > LINE_WIDTH) return undefined;
    return text;
  }

  /** `e`, parenthesised when it binds more weakly than `minPrecedence`. */
  protected operand(e: Expression, indent: Indent, minPrecedence: number): string {
    if (precedence(e) >= minPrecedence) return this.expression(e, indent);
    if (e.kind === 'LogicalBinary' && indent !== null) {
      const flat = this.fitOnLine(e, indent, 2);
      if (flat !== undefined) return `(${flat})`;
      const inner = indent + INDENT_STEP;
      return `(\n${inner}${this.logicalChain(e, inner)}\n${indent})`;
    }
    return `(${this.expression(e, indent)})`;
  }

  expression(e: Expression, indent: Indent): string {
    switch (e.kind) {
      case 'Identifier':
        return formatIdentifier(e);
      case 'Dereference': {
        const base = NUMBER_KINDS.has(e.base.kind)
          ? `(${this.expression(e.base, indent)})`
          : this.operand(e.base, indent, PREC_PRIMARY);
        return `${base}.${formatIdentifier(e.field)}`;
      }
      case 'NullLiteral':
        return 'NULL';
      case 'BooleanLiteral':
        return e.value ? 'TRUE' : 'FALSE';
      case 'IntegerLiteral':
        return e.text;
      case 'DecimalLiteral':
      case 'DoubleLiteral':
        return formatNumber(e.kind, e.text);
      case 'StringLiteral':
        return formatStringLiteral(e.value);
      case 'BinaryLiteral':
        return `X'${e.hex}'`;
      case 'GenericLiteral':
        return `${genericLiteralKeyword(e.type)} ${formatStringLiteral(e.value)}`;
      case 'IntervalLiteral': {
        const sign = e.sign < 0 ? '-' : '';
        const to = e.endField ? ` TO ${e.endField}` : '';
        return `INTERVAL ${sign}${formatStringLiteral(e.value)} ${e.startField}${to}`;
      }
      case 'Parameter':
        return '?';
      case 'ArithmeticBinary': {
        const prec = precedence(e);
        const left = this.operand(e.left, indent, prec);
        return `${left} ${e.operator} ${this.operand(e.right, indent, prec + 1)}`;
      }
      case 'ArithmeticUnary': {
        // A unary or signed operand is parenthesised so that `- -x` never prints as a `--` comment,
        // and so is one starting with a digit: the parser folds `-5` into the literal -5.
        const value = this.operand(e.value, indent, PREC_AT_TIME_ZONE);
        return e.operator + (startsWithDigit(value) ? `(${value})` : value);
      }
      case 'Comparison':
        return `${this.operand(e.left, indent, PREC_VALUE)} ${e.operator} ${this.operand(e.right, indent, PREC_VALUE)}`;
      case 'LogicalBinary': {
        if (indent === null) return this.logicalChain(e, null);
        return this.fitOnLine(e, indent) ?? this.logicalChain(e, indent);
      }
      case 'Not':
        return this.negation(e.value, indent);
      case 'IsNull':
        return `${this.operand(e.value, indent, PREC_VALUE)} IS NULL`;
      case 'IsNotNull':
        return `${this.operand(e.value, indent, PREC_VALUE)} IS NOT NULL`;
      case 'Between':
      case 'InList':
      case 'InSubquery':
      case 'Like':
        return this.predicate(e, '', indent);
      case 'Exists':
        return `EXISTS ${this.subquery(e.query, indent)}`;
      case 'SubqueryExpression':
        return this.subquery(e.query, indent);
      case 'QuantifiedComparison': {
        const value = this.operand(e.value, indent, PREC_VALUE);
        return `${value} ${e.operator} ${e.quantifier} ${this.subquery(e.query, indent)}`;
      }
      case 'SimpleCase':
      case 'SearchedCase': {
        if (indent === null) return this.caseExpression(e, null);
        return this.fitOnLine(e, indent) ?? this.caseExpression(e, indent);
      }
      case 'Cast':
        return `${e.safe ? 'TRY_CAST' : 'CAST'}(${this.operand(e.value, indent, PREC_OR)} AS ${formatDataType(e.type)})`;
      case 'FunctionCall':
        return this.functionCall(e, indent);
      case 'Lambda': {
        const single = e.parameters.length === 1;
        const parameters = e.parameters.map(formatIdentifier).join(', ');
        const body = this.operand(e.body, indent, PREC_LAMBDA);
        return `${single ? parameters : `(${parameters})`} -> ${body}`;
      }
      case 'ArrayConstructor':
        return `ARRAY[${this.list(e.values, indent)}]`;
      case 'Subscript':
        return `${this.operand(e.base, indent, PREC_PRIMARY)}[${this.operand(e.index, indent, PREC_VALUE)}]`;
      case 'Row':
        return `ROW (${this.list(e.items, indent)})`;
      case 'Extract':
        return `EXTRACT(${e.field} FROM ${this.operand(e.value, indent, PREC_VALUE)})`;
      case 'CurrentTime':
        return e.precision === undefined ? e.function : `${e.function}(${e.precision})`;
      case 'AtTimeZone': {
        const value = this.operand(e.value, indent, PREC_AT_TIME_ZONE);
        return `${value} AT TIME ZONE ${this.operand(e.zone, indent, PREC_PRIMARY)}`;
      }
      case 'Trim': {
        const value = this.operand(e.value, indent, PREC_VALUE);
        if (e.characters === undefined) {
          return e.specification === 'BOTH' ? `TRIM(${value})` : `TRIM(${e.specification} FROM ${value})`;
        }
        return `TRIM(${e.specification} ${this.operand(e.characters, indent, PREC_VALUE)} FROM ${value})`;
      }
      case 'JsonExists':
      case 'JsonValue':
      case 'JsonQuery':
      case 'JsonObject':
      case 'JsonArray':
        return formatJsonFunction(e, {
          operand: (x) => this.operand(x, indent, PREC_OR),
          stringLiteral: formatStringLiteral,
          dataType: formatDataType,
          identifier: formatIdentifier,
        });
      default:
        return assertNever(e);
    }
  }

  /** Comma-separated expressions, as in argument lists. */
  protected list(items: readonly Expression[], indent: Indent, minPrecedence = PREC_OR): string {
    return items.map((item) => this.operand(item, indent, minPrecedence)).join(', ');
  }

  /** An AND/OR chain one operand per line, the operator leading each continuation line. */
  protected logicalChain(e: LogicalBinary, indent: Indent): string {
    // Left-nested operands of the same operator are one flat chain, as the parser builds it.
    const operands: Expression[] = [];
    let left: Expression = e;
    while (left.kind === 'LogicalBinary' && left.operator === e.operator) {
      operands.push(left.right);
      left = left.left;
    }
    // A nested chain of the other operator is always parenthesised, so the layout shows the nesting.
    const chainOperand = (x: Expression) =>
      this.operand(x, indent, x.kind === 'LogicalBinary' ? PREC_PRIMARY : PREC_NOT);
    let out = chainOperand(left);
    for (let i = operands.length - 1; i >= 0; i--)
      out += `${newline(indent)}${e.operator} ${chainOperand(operands[i])}`;
    return out;
  }

  private negation(value: Expression, indent: Indent): string {
    if (PREDICATE_KINDS.has(value.kind)) return this.predicate(value, 'NOT ', indent);
    if (value.kind === 'Comparison' && value.operator === 'IS DISTINCT FROM') {
      const left = this.operand(value.left, indent, PREC_VALUE);
      return `${left} IS NOT DISTINCT FROM ${this.operand(value.right, indent, PREC_VALUE)}`;
    }
    return `NOT ${this.operand(value, indent, PREC_NOT)}`;
  }

  /** BETWEEN, IN and LIKE, with `not` = 'NOT ' for their negated spelling. */
  private predicate(e: Expression, not: string, indent: Indent): string {
    switch (e.kind) {
      case 'Between': {
        const range = `${this.operand(e.min, indent, PREC_VALUE)} AND ${this.operand(e.max, indent, PREC_VALUE)}`;
        return `${this.operand(e.value, indent, PREC_VALUE)} ${not}BETWEEN ${range}`;
      }
      case 'InList':
        return `${this.operand(e.value, indent, PREC_VALUE)} ${not}IN (${this.list(e.list, indent)})`;
      case 'InSubquery':
        return `${this.operand(e.value, indent, PREC_VALUE)} ${not}IN ${this.subquery(e.query, indent)}`;
      case 'Like': {
        const escapeClause = e.escape ? ` ESCAPE ${this.operand(e.escape, indent, PREC_VALUE)}` : '';
        const pattern = this.operand(e.pattern, indent, PREC_VALUE);
        return `${this.operand(e.value, indent, PREC_VALUE)} ${not}LIKE ${pattern}${escapeClause}`;
      }
      default:
        throw new Error(`not a predicate: ${e.kind}`);
    }
  }

  private caseExpression(e: Expression & { kind: 'SimpleCase' | 'SearchedCase' }, indent: Indent): string {
    const inner = deeper(indent);
    let out = e.kind === 'SimpleCase' ? `CASE ${this.operand(e.operand, indent, PREC_VALUE)}` : 'CASE';
    for (const clause of e.whenClauses) out += newline(inner) + this.whenClause(clause, inner);
    if (e.defaultValue !== undefined) out += `${newline(inner)}ELSE ${this.operand(e.defaultValue, inner, PREC_OR)}`;
    return `${out}${newline(indent)}END`;
  }

  private whenClause(clause: WhenClause, indent: Indent): string {
    return `WHEN ${this.operand(clause.operand, indent, PREC_OR)} THEN ${this.operand(clause.result, indent, PREC_OR)}`;
  }

  private functionCall(e: FunctionCall, indent: Indent): string {
    const listagg = this.listagg(e, indent);
    if (listagg !== undefined) return listagg;
    const name = formatFunctionName(e.name);
    let args: string;
    if (e.args.length === 0) {
      const isCount = e.name.parts.length === 1 && e.name.parts[0].value.toLowerCase() === 'count';
      args = isCount ? '*' : '';
    } else {
      args = (e.distinct ? 'DISTINCT ' : '') + this.list(e.args, indent, PREC_LAMBDA);
    }
    if (e.orderBy && e.orderBy.length > 0) args += ` ORDER BY ${this.sortItems(e.orderBy, indent)}`;
    let out = `${name}(${args})`;
    out += this.filterClause(e, indent);
    if (e.nullTreatment !== undefined) out += ` ${e.nullTreatment} NULLS`;
    if (e.window !== undefined) {
      out +=
        e.window.kind === 'WindowReference'
          ? ` OVER ${formatIdentifier(e.window.name)}`
          : ` OVER ${this.windowSpecification(e.window, indent)}`;
    }
    return out;
  }

  /**
   * The listagg call the parser makes of Trino's LISTAGG form, printed in that form (`listagg` is a
   * reserved word: the plain call syntax does not parse); undefined for any other call.
   */
  private listagg(e: FunctionCall, indent: Indent): string | undefined {
    const [value, separator, overflowError, filler, withCount] = e.args;
    const isListagg =
      e.name.parts.length === 1 && !e.name.parts[0]?.quoted && e.name.parts[0]?.value.toLowerCase() === 'listagg';
    if (
      !isListagg ||
      value === undefined ||
      separator?.kind !== 'StringLiteral' ||
      overflowError?.kind !== 'BooleanLiteral' ||
      filler?.kind !== 'StringLiteral' ||
      withCount?.kind !== 'BooleanLiteral' ||
      e.args.length !== 5 ||
      e.orderBy === undefined ||
      e.window !== undefined
    ) {
      return undefined;
    }
    let out = `LISTAGG(${e.distinct ? 'DISTINCT ' : ''}${this.operand(value, indent, PREC_LAMBDA)}, ${formatStringLiteral(separator.value)}`;
    if (!overflowError.value) {
      out += ` ON OVERFLOW TRUNCATE ${formatStringLiteral(filler.value)} ${withCount.value ? 'WITH' : 'WITHOUT'} COUNT`;
    }
    out += `) WITHIN GROUP (ORDER BY ${this.sortItems(e.orderBy, indent)})`;
    out += this.filterClause(e, indent);
    return out;
  }

  /** ` FILTER (WHERE ...)` of an aggregate call, or nothing. */
  private filterClause(e: FunctionCall, indent: Indent): string {
    return e.filter === undefined ? '' : ` FILTER (WHERE ${this.operand(e.filter, indent, PREC_OR)})`;
  }

  protected sortItems(items: readonly SortItem[], indent: Indent, separator = ', '): string {
    return items.map((item) => this.sortItem(item, indent)).join(separator);
  }

  protected sortItem(item: SortItem, indent: Indent): string {
    let out = this.operand(item.key, indent, PREC_OR);
    if (item.ordering === 'DESC') out += ' DESC';
    if (item.nullOrdering !== undefined) out += ` NULLS ${item.nullOrdering}`;
    return out;
  }

  /** `(w PARTITION BY a ORDER BY b ROWS BETWEEN ... AND ...)`. */
  protected windowSpecification(spec: WindowSpecification, indent: Indent): string {
    const parts: string[] = [];
    if (spec.existingWindowName !== undefined) parts.push(formatIdentifier(spec.existingWindowName));
    if (spec.partitionBy.length > 0) parts.push(`PARTITION BY ${this.list(spec.partitionBy, indent)}`);
    if (spec.orderBy.length > 0) parts.push(`ORDER BY ${this.sortItems(spec.orderBy, indent)}`);
    if (spec.frame !== undefined) parts.push(this.windowFrame(spec.frame, indent));
    return `(${parts.join(' ')})`;
  }

  private windowFrame(frame: WindowFrame, indent: Indent): string {
    const start = this.frameBound(frame.start, indent);
    if (frame.end === undefined) return `${frame.type} ${start}`;
    return `${frame.type} BETWEEN ${start} AND ${this.frameBound(frame.end, indent)}`;
  }

  private frameBound(bound: FrameBound, indent: Indent): string {
    switch (bound.type) {
      case 'UNBOUNDED_PRECEDING':
        return 'UNBOUNDED PRECEDING';
      case 'UNBOUNDED_FOLLOWING':
        return 'UNBOUNDED FOLLOWING';
      case 'CURRENT_ROW':
        return 'CURRENT ROW';
      case 'PRECEDING':
      case 'FOLLOWING': {
        if (bound.value === undefined) throw new Error(`${bound.type} frame bound without a value`);
        return `${this.operand(bound.value, indent, PREC_VALUE)} ${bound.type}`;
      }
      default:
        return assertNever(bound.type);
    }
  }
}
