/**
 * The special forms of expressions that need no subquery: CASE, CAST / TRY_CAST, EXTRACT, TRIM,
 * SUBSTRING ... FROM ... FOR, POSITION ... IN, NORMALIZE, GROUPING, ARRAY[...], ROW(...) and
 * INTERVAL literals, and the window specifications and sort items that calls and queries share.
 * Desugared forms (POSITION, SUBSTRING, NORMALIZE, GROUPING) become plain function calls.
 */
import type {
  Expression,
  ExtractField,
  FrameBound,
  FunctionCall,
  Identifier,
  QualifiedName,
  SortItem,
  SourcePosition,
  WhenClause,
  WindowFrame,
  WindowReference,
  WindowSpecification,
} from './ast.js';
import { syntaxError } from './parse-error.js';
import type { Mutable } from './parser-state.js';
import { INTERVAL_FIELDS, isIntervalField, TypeParser } from './parser-types.js';

const EXTRACT_FIELDS: ReadonlySet<string> = new Set<ExtractField>([
  'YEAR',
  'QUARTER',
  'MONTH',
  'WEEK',
  'DAY',
  'DAY_OF_MONTH',
  'DAY_OF_WEEK',
  'DOW',
  'DAY_OF_YEAR',
  'DOY',
  'YEAR_OF_WEEK',
  'YOW',
  'HOUR',
  'MINUTE',
  'SECOND',
  'TIMEZONE_MINUTE',
  'TIMEZONE_HOUR',
]);

const NORMAL_FORMS = ['NFD', 'NFC', 'NFKD', 'NFKC'];

export function simpleName(value: string, pos: SourcePosition): QualifiedName {
  return { kind: 'QualifiedName', parts: [{ kind: 'Identifier', value, quoted: false, pos }], pos };
}

export function call(name: string, args: readonly Expression[], pos: SourcePosition): FunctionCall {
  return { kind: 'FunctionCall', name: simpleName(name, pos), args, distinct: false, pos };
}

export abstract class SpecialFormParser extends TypeParser {
  abstract parseExpression(): Expression;
  /** An expression without predicates or AND/OR (Presto's valueExpression). */
  protected abstract parseValueExpression(): Expression;

  protected windowReference(): WindowReference {
    const name = this.parseIdentifier();
    return { kind: 'WindowReference', name, pos: name.pos };
  }

  /** `(` [existing window] [PARTITION BY ...] [ORDER BY ...] [frame] `)`. */
  protected parseWindowSpecification(): WindowSpecification {
    const open = this.expect('(');
    let existingWindowName: Identifier | undefined;
    const t = this.token;
    const next = this.peek(1).key;
    const startsClause =
      (t.key === 'PARTITION' && next === 'BY') ||
      ((t.key === 'ROWS' || t.key === 'RANGE' || t.key === 'GROUPS') && next !== ')' && next !== 'ORDER');
    if (this.isIdentifier(t) && !startsClause) existingWindowName = this.parseIdentifier();
    else this.note('<identifier>');
    let partitionBy: Expression[] = [];
    if (this.token.key === 'PARTITION' && this.peek(1).key === 'BY') {
      this.advance();
      this.advance();
      partitionBy = this.parseExpressionList();
    } else {
      this.note("'PARTITION'");
    }
    let orderBy: SortItem[] = [];
    if (this.accept('ORDER')) {
      this.expect('BY');
      orderBy = this.parseSortItems();
    }
    let frame: WindowFrame | undefined;
    const frameKey = this.token.key;
    if (frameKey === 'ROWS' || frameKey === 'RANGE' || frameKey === 'GROUPS') frame = this.parseWindowFrame();
    else this.noteKeys(['GROUPS', 'RANGE', 'ROWS']);
    this.expect(')');
    return {
      kind: 'WindowSpecification',
      ...(existingWindowName && { existingWindowName }),
      partitionBy,
      orderBy,
      ...(frame && { frame }),
      pos: open.pos,
    };
  }

  private parseWindowFrame(): WindowFrame {
    const t = this.advance();
    const type = t.key as WindowFrame['type'];
    if (this.accept('BETWEEN')) {
      const start = this.parseFrameBound();
      this.expect('AND');
      const end = this.parseFrameBound();
      return { kind: 'WindowFrame', type, start, end, pos: t.pos };
    }
    return { kind: 'WindowFrame', type, start: this.parseFrameBound(), pos: t.pos };
  }

  private parseFrameBound(): FrameBound {
    const t = this.token;
    if (t.key === 'UNBOUNDED') {
      this.advance();
      if (this.accept('PRECEDING')) return { kind: 'FrameBound', type: 'UNBOUNDED_PRECEDING', pos: t.pos };
      this.expect('FOLLOWING');
      return { kind: 'FrameBound', type: 'UNBOUNDED_FOLLOWING', pos: t.pos };
    }
    if (t.key === 'CURRENT') {
      this.advance();
      this.expect('ROW');
      return { kind: 'FrameBound', type: 'CURRENT_ROW', pos: t.pos };
    }
    this.noteKeys(['CURRENT', 'UNBOUNDED']);
    const value = this.parseExpression();
    if (this.accept('PRECEDING')) return { kind: 'FrameBound', type: 'PRECEDING', value, pos: t.pos };
    this.expect('FOLLOWING');
    return { kind: 'FrameBound', type: 'FOLLOWING', value, pos: t.pos };
  }

  protected parseExpressionList(): Expression[] {
    const list = [this.parseExpression()];
    while (this.accept(',')) list.push(this.parseExpression());
    return list;
  }

  protected parseSortItems(): SortItem[] {
    const items = [this.parseSortItem()];
    while (this.accept(',')) items.push(this.parseSortItem());
    return items;
  }

  private parseSortItem(): SortItem {
    const key = this.parseExpression();
    let ordering: 'ASC' | 'DESC' = 'ASC';
    if (this.accept('DESC')) ordering = 'DESC';
    else this.accept('ASC');
    if (!this.accept('NULLS')) return { kind: 'SortItem', key, ordering, pos: key.pos };
    let nullOrdering: 'FIRST' | 'LAST' = 'FIRST';
    if (!this.accept('FIRST')) {
      this.expect('LAST');
      nullOrdering = 'LAST';
    }
    return { kind: 'SortItem', key, ordering, nullOrdering, pos: key.pos };
  }

  protected parseRowConstructor(): Expression {
    const start = this.advance();
    this.advance();
    const items = this.parseExpressionList();
    this.expect(')');
    return { kind: 'Row', items, pos: start.pos };
  }

  protected parseArrayConstructor(): Expression {
    const start = this.advance();
    this.advance();
    const values: Expression[] = [];
    if (this.token.key !== ']') {
      this.note("']'");
      values.push(...this.parseExpressionList());
    }
    this.expect(']');
    return { kind: 'ArrayConstructor', values, pos: start.pos };
  }

  /** `INTERVAL [+|-] '<value>' <field> [TO <field>]`. */
  protected parseIntervalLiteral(): Expression {
    const start = this.advance();
    let sign: 1 | -1 = 1;
    if (this.token.key === '-' || this.token.key === '+') sign = this.advance().key === '-' ? -1 : 1;
    const value = this.parseStringValue();
    const startField = this.token.key;
    if (!isIntervalField(startField)) {
      this.noteKeys(INTERVAL_FIELDS);
      throw this.fail();
    }
    this.advance();
    if (!this.accept('TO')) return { kind: 'IntervalLiteral', value, sign, startField, pos: start.pos };
    const endField = this.token.key;
    if (!isIntervalField(endField)) {
      this.noteKeys(INTERVAL_FIELDS);
      throw this.fail();
    }
    this.advance();
    return { kind: 'IntervalLiteral', value, sign, startField, endField, pos: start.pos };
  }

  /** `POSITION(needle IN haystack)` is `strpos(haystack, needle)`. */
  protected parsePosition(): Expression {
    const start = this.advance();
    this.advance();
    const needle = this.parseValueExpression();
    this.expect('IN');
    const haystack = this.parseValueExpression();
    this.expect(')');
    return call('strpos', [haystack, needle], start.pos);
  }

  /** `SUBSTRING(x FROM a [FOR b])` is `substring(x, a[, b])`; `substring(x, a, b)` is a plain call. */
  protected parseSubstring(): Expression {
    const start = this.advance();
    this.advance();
    const value = this.parseExpression();
    const args = [value];
    if (this.accept('FROM')) {
      args.push(this.parseValueExpression());
      if (this.accept('FOR')) args.push(this.parseValueExpression());
    } else {
      while (this.accept(',')) args.push(this.parseExpression());
    }
    this.expect(')');
    return call('substring', args, start.pos);
  }

  protected parseCast(safe: boolean): Expression {
    const start = this.advance();
    this.expect('(');
    const value = this.parseExpression();
    this.expect('AS');
    const type = this.parseType();
    this.expect(')');
    return { kind: 'Cast', value, type, safe, pos: start.pos };
  }

  protected parseCase(): Expression {
    const start = this.advance();
    let operand: Expression | undefined;
    if (this.token.key !== 'WHEN') {
      this.note("'WHEN'");
      operand = this.parseExpression();
    }
    const whenClauses: WhenClause[] = [];
    do {
      const when = this.expect('WHEN');
      const condition = this.parseExpression();
      this.expect('THEN');
      whenClauses.push({ kind: 'WhenClause', operand: condition, result: this.parseExpression(), pos: when.pos });
    } while (this.token.key === 'WHEN');
    this.note("'WHEN'");
    const defaultValue = this.accept('ELSE') ? this.parseExpression() : undefined;
    this.expect('END');
    const rest = { whenClauses, ...(defaultValue && { defaultValue }), pos: start.pos };
    return operand ? { kind: 'SimpleCase', operand, ...rest } : { kind: 'SearchedCase', ...rest };
  }

  protected parseExtract(): Expression {
    const start = this.advance();
    this.expect('(');
    const fieldToken = this.token;
    this.parseIdentifier();
    const field = fieldToken.value.toUpperCase();
    if (!EXTRACT_FIELDS.has(field)) throw syntaxError(`Invalid EXTRACT field: ${fieldToken.value}`, fieldToken);
    this.expect('FROM');
    const value = this.parseValueExpression();
    this.expect(')');
    return { kind: 'Extract', field: field as ExtractField, value, pos: start.pos };
  }

  /** `TRIM([BOTH|LEADING|TRAILING] [chars] FROM value)`, `TRIM(value)`, `TRIM(value, chars)`. */
  protected parseTrim(): Expression {
    const start = this.advance();
    this.expect('(');
    let specification: 'BOTH' | 'LEADING' | 'TRAILING' = 'BOTH';
    let explicit = false;
    const key = this.token.key;
    const next = this.peek(1).key;
    if ((key === 'BOTH' || key === 'LEADING' || key === 'TRAILING') && next !== ')' && next !== ',') {
      this.advance();
      specification = key;
      explicit = true;
    } else {
      this.noteKeys(['BOTH', 'LEADING', 'TRAILING']);
    }
    let characters: Expression | undefined;
    let value: Expression;
    if (explicit && this.accept('FROM')) {
      value = this.parseValueExpression();
    } else {
      const first = this.parseValueExpression();
      if (this.accept('FROM')) {
        characters = first;
        value = this.parseValueExpression();
      } else if (!explicit && this.accept(',')) {
        value = first;
        characters = this.parseValueExpression();
      } else {
        if (explicit) this.expect('FROM');
        value = first;
      }
    }
    this.expect(')');
    return { kind: 'Trim', specification, ...(characters && { characters }), value, pos: start.pos };
  }

  /**
   * Trino's `LISTAGG(value [, separator] [ON OVERFLOW ERROR | TRUNCATE [filler] WITH|WITHOUT COUNT])
   * WITHIN GROUP (ORDER BY ...) [FILTER (WHERE ...)]`: a call of the `listagg` aggregate with all
   * five arguments spelt out (separator '' and filler '...' by default), the order as the call's
   * ORDER BY — the form the formatter prints back, and which parses to the same call.
   */
  protected parseListagg(): Expression {
    const start = this.advance();
    this.expect('(');
    let distinct = false;
    if (this.token.key === 'DISTINCT') {
      this.advance();
      distinct = true;
    } else {
      this.noteKeys(['DISTINCT']);
      this.accept('ALL');
    }
    const value = this.parseExpression();
    let separator: Expression = { kind: 'StringLiteral', value: '', pos: start.pos };
    if (this.accept(',')) {
      const at = this.token;
      if (!this.isString(at)) {
        this.note('<string>');
        throw this.fail();
      }
      separator = { kind: 'StringLiteral', value: this.parseStringValue(), pos: at.pos };
    }
    let overflowError = true;
    let filler = '...';
    let withCount = false;
    if (this.token.key === 'ON' && this.peek(1).key === 'OVERFLOW') {
      this.advance();
      this.advance();
      const behavior: string = this.token.key;
      if (behavior === 'TRUNCATE') {
        this.advance();
        overflowError = false;
        if (this.isString(this.token)) filler = this.parseStringValue();
        const count: string = this.token.key;
        if (count === 'WITH' || count === 'WITHOUT') {
          withCount = this.advance().key === 'WITH';
          this.expect('COUNT');
        } else {
          this.noteKeys(['WITH', 'WITHOUT']);
          throw this.fail();
        }
      } else {
        this.noteKeys(['TRUNCATE']);
        this.expect('ERROR');
      }
    } else {
      this.noteKeys(['ON']);
    }
    this.expect(')');
    this.expect('WITHIN');
    this.expect('GROUP');
    this.expect('(');
    this.expect('ORDER');
    this.expect('BY');
    const orderBy = this.parseSortItems();
    this.expect(')');
    const pos = start.pos;
    const node: Mutable<FunctionCall> = {
      kind: 'FunctionCall',
      name: simpleName('listagg', pos),
      args: [
        value,
        separator,
        { kind: 'BooleanLiteral', value: overflowError, pos },
        { kind: 'StringLiteral', value: filler, pos },
        { kind: 'BooleanLiteral', value: withCount, pos },
      ],
      distinct,
      orderBy,
      pos,
    };
    const filter = this.parseFilterClause();
    if (filter !== undefined) node.filter = filter;
    return node;
  }

  /** An aggregate's `FILTER (WHERE condition)`, if one follows. */
  protected parseFilterClause(): Expression | undefined {
    if (this.token.key !== 'FILTER' || this.peek(1).key !== '(') {
      this.note("'FILTER'");
      return undefined;
    }
    this.advance();
    this.advance();
    this.expect('WHERE');
    const filter = this.parseExpression();
    this.expect(')');
    return filter;
  }

  /** `NORMALIZE(value [, NFD|NFC|NFKD|NFKC])` is a call of `normalize` with the form as a string. */
  protected parseNormalize(): Expression {
    const start = this.advance();
    this.expect('(');
    const args = [this.parseValueExpression()];
    if (this.accept(',')) {
      const form = this.token;
      if (!NORMAL_FORMS.includes(form.key)) {
        this.noteKeys(NORMAL_FORMS);
        throw this.fail();
      }
      this.advance();
      args.push({ kind: 'StringLiteral', value: form.key, pos: form.pos });
    }
    this.expect(')');
    return call('normalize', args, start.pos);
  }

  /** `GROUPING(a, t.b)`: a call of `grouping` whose arguments are column references. */
  protected parseGrouping(): Expression {
    const start = this.advance();
    this.expect('(');
    const args: Expression[] = [];
    if (this.token.key !== ')') {
      this.note("')'");
      do {
        const name = this.parseQualifiedName();
        let reference: Expression = name.parts[0];
        for (let i = 1; i < name.parts.length; i++) {
          reference = { kind: 'Dereference', base: reference, field: name.parts[i], pos: name.pos };
        }
        args.push(reference);
      } while (this.accept(','));
    }
    this.expect(')');
    return call('grouping', args, start.pos);
  }
}
