/**
 * Trino's SQL/JSON functions, which are syntax rather than calls: JSON_EXISTS, JSON_VALUE and
 * JSON_QUERY (an input, a path string and PASSING parameters, then each function's RETURNING,
 * wrapper, quotes and ON EMPTY / ON ERROR clauses), JSON_OBJECT and JSON_ARRAY (members or
 * elements, NULL/ABSENT ON NULL, UNIQUE KEYS, RETURNING). Defaults are filled in, so a clause
 * written as its default parses to the same tree as no clause (the formatter prints only what
 * differs from the default).
 */
import type {
  DataType,
  Expression,
  JsonArrayElement,
  JsonEncoding,
  JsonFormat,
  JsonObjectMember,
  JsonPathInvocation,
  JsonPathParameter,
  JsonQuery,
  JsonQueryBehavior,
  JsonValueBehavior,
  StringLiteral,
} from './ast.js';
import { SpecialFormParser } from './parser-special-forms.js';

const ENCODINGS: readonly JsonEncoding[] = ['UTF8', 'UTF16', 'UTF32'];

export abstract class JsonFunctionParser extends SpecialFormParser {
  /** `JSON_EXISTS(invocation [TRUE | FALSE | UNKNOWN | ERROR ON ERROR])`. */
  protected parseJsonExists(): Expression {
    const start = this.advance();
    this.expect('(');
    const invocation = this.parseJsonPathInvocation();
    let onError: 'TRUE' | 'FALSE' | 'UNKNOWN' | 'ERROR' = 'FALSE';
    const key = this.token.key;
    if ((key === 'TRUE' || key === 'FALSE' || key === 'UNKNOWN' || key === 'ERROR') && this.peek(1).key === 'ON') {
      this.advance();
      this.advance();
      this.expect('ERROR');
      onError = key;
    } else {
      this.noteKeys(['ERROR', 'FALSE', 'TRUE', 'UNKNOWN']);
    }
    this.expect(')');
    return { kind: 'JsonExists', invocation, onError, pos: start.pos };
  }

  /** `JSON_VALUE(invocation [RETURNING type] [behavior ON EMPTY] [behavior ON ERROR])`. */
  protected parseJsonValue(): Expression {
    const start = this.advance();
    this.expect('(');
    const invocation = this.parseJsonPathInvocation();
    const returnType = this.accept('RETURNING') ? this.parseType() : undefined;
    const { onEmpty, onError } = this.parseOnEmptyOnError<JsonValueBehavior>(
      () => this.atJsonValueBehavior(),
      () => this.parseJsonValueBehavior(),
      { type: 'NULL' },
      ['DEFAULT', 'ERROR', 'NULL'],
    );
    this.expect(')');
    return {
      kind: 'JsonValue',
      invocation,
      ...(returnType && { returnType }),
      onEmpty,
      onError,
      pos: start.pos,
    };
  }

  /**
   * `[behavior ON EMPTY] [behavior ON ERROR]` of json_value and json_query (each NULL when absent),
   * with the function's own kind of behavior.
   */
  private parseOnEmptyOnError<B>(
    atBehavior: () => boolean,
    parseBehavior: () => B,
    absent: B,
    expected: readonly string[],
  ): { onEmpty: B; onError: B } {
    let onEmpty = absent;
    let onError = absent;
    if (!atBehavior()) {
      this.noteKeys(expected);
      return { onEmpty, onError };
    }
    const behavior = parseBehavior();
    this.expect('ON');
    if (this.accept('EMPTY')) {
      onEmpty = behavior;
      if (atBehavior()) {
        onError = parseBehavior();
        this.expect('ON');
        this.expect('ERROR');
      }
    } else {
      this.expect('ERROR');
      onError = behavior;
    }
    return { onEmpty, onError };
  }

  private atJsonValueBehavior(): boolean {
    const key = this.token.key;
    if (key === 'DEFAULT') return true;
    return (key === 'NULL' || key === 'ERROR') && this.peek(1).key === 'ON';
  }

  private parseJsonValueBehavior(): JsonValueBehavior {
    const t = this.advance();
    if (t.key === 'DEFAULT') return { type: 'DEFAULT', value: this.parseExpression() };
    return { type: t.key as 'NULL' | 'ERROR' };
  }

  /**
   * `JSON_QUERY(invocation [RETURNING type [FORMAT JSON]] [WITHOUT [ARRAY] WRAPPER | WITH
   * [CONDITIONAL | UNCONDITIONAL] [ARRAY] WRAPPER] [KEEP | OMIT QUOTES [ON SCALAR STRING]]
   * [behavior ON EMPTY] [behavior ON ERROR])`.
   */
  protected parseJsonQuery(): Expression {
    const start = this.advance();
    this.expect('(');
    const invocation = this.parseJsonPathInvocation();
    const returning = this.parseJsonReturning();
    let wrapper: JsonQuery['wrapper'] = 'WITHOUT';
    if (this.accept('WITHOUT')) {
      this.accept('ARRAY');
      this.expect('WRAPPER');
    } else if (this.accept('WITH')) {
      wrapper = 'UNCONDITIONAL';
      if (this.accept('CONDITIONAL')) wrapper = 'CONDITIONAL';
      else this.accept('UNCONDITIONAL');
      this.accept('ARRAY');
      this.expect('WRAPPER');
    }
    let quotes: 'KEEP' | 'OMIT' | undefined;
    const quotesKey = this.token.key;
    if ((quotesKey === 'KEEP' || quotesKey === 'OMIT') && this.peek(1).key === 'QUOTES') {
      this.advance();
      this.advance();
      quotes = quotesKey;
      if (this.token.key === 'ON' && this.peek(1).key === 'SCALAR') {
        this.advance();
        this.advance();
        this.expect('STRING');
      }
    } else {
      this.noteKeys(['KEEP', 'OMIT']);
    }
    const { onEmpty, onError } = this.parseOnEmptyOnError<JsonQueryBehavior>(
      () => this.atJsonQueryBehavior(),
      () => this.parseJsonQueryBehavior(),
      'NULL',
      ['EMPTY', 'ERROR', 'NULL'],
    );
    this.expect(')');
    return {
      kind: 'JsonQuery',
      invocation,
      ...returning,
      wrapper,
      ...(quotes && { quotes }),
      onEmpty,
      onError,
      pos: start.pos,
    };
  }

  private atJsonQueryBehavior(): boolean {
    const key = this.token.key;
    const next = this.peek(1).key;
    if (key === 'EMPTY') return next === 'ARRAY' || next === 'OBJECT';
    return (key === 'NULL' || key === 'ERROR') && next === 'ON';
  }

  private parseJsonQueryBehavior(): JsonQueryBehavior {
    const t = this.advance();
    if (t.key !== 'EMPTY') return t.key as 'NULL' | 'ERROR';
    if (this.accept('ARRAY')) return 'EMPTY_ARRAY';
    this.expect('OBJECT');
    return 'EMPTY_OBJECT';
  }

  /**
   * `JSON_OBJECT([member, ...] [NULL | ABSENT ON NULL] [WITH | WITHOUT UNIQUE [KEYS]] [RETURNING
   * type [FORMAT JSON]])`, members `[KEY] key VALUE value [FORMAT JSON]` or `key : value`.
   */
  protected parseJsonObject(): Expression {
    const start = this.advance();
    this.expect('(');
    const members: JsonObjectMember[] = [];
    if (!this.atJsonConstructorClause()) {
      do members.push(this.parseJsonObjectMember());
      while (this.accept(','));
    }
    const nullOnNull = this.parseNullClause(true);
    let uniqueKeys = false;
    if (this.token.key === 'WITH' || this.token.key === 'WITHOUT') {
      uniqueKeys = this.advance().key === 'WITH';
      this.expect('UNIQUE');
      this.accept('KEYS');
    } else {
      this.noteKeys(['WITH', 'WITHOUT']);
    }
    const returning = this.parseJsonReturning();
    this.expect(')');
    return { kind: 'JsonObject', members, nullOnNull, uniqueKeys, ...returning, pos: start.pos };
  }

  private parseJsonObjectMember(): JsonObjectMember {
    const t = this.token;
    const next = this.peek(1).key;
    // KEY is a keyword only where it cannot be a column named `key`.
    if (t.key === 'KEY' && next !== 'VALUE' && next !== ':' && next !== ',' && next !== ')') this.advance();
    const key = this.parseExpression();
    if (!this.accept(':')) this.expect('VALUE');
    const value = this.parseExpression();
    const format = this.parseJsonFormat();
    return { kind: 'JsonObjectMember', key, value, ...(format && { format }), pos: t.pos };
  }

  /** `JSON_ARRAY([element [FORMAT JSON], ...] [NULL | ABSENT ON NULL] [RETURNING type [FORMAT JSON]])`. */
  protected parseJsonArray(): Expression {
    const start = this.advance();
    this.expect('(');
    const elements: JsonArrayElement[] = [];
    if (!this.atJsonConstructorClause()) {
      do {
        const at = this.token;
        const value = this.parseExpression();
        const format = this.parseJsonFormat();
        elements.push({ kind: 'JsonArrayElement', value, ...(format && { format }), pos: at.pos });
      } while (this.accept(','));
    }
    const nullOnNull = this.parseNullClause(false);
    const returning = this.parseJsonReturning();
    this.expect(')');
    return { kind: 'JsonArray', elements, nullOnNull, ...returning, pos: start.pos };
  }

  /** At `)` or a clause that ends a constructor's list (so the list is empty). */
  private atJsonConstructorClause(): boolean {
    const key = this.token.key;
    const next = this.peek(1).key;
    if (key === ')' || key === 'RETURNING') return true;
    if ((key === 'NULL' || key === 'ABSENT') && next === 'ON') return true;
    return (key === 'WITH' || key === 'WITHOUT') && next === 'UNIQUE';
  }

  /** `NULL ON NULL` (true) or `ABSENT ON NULL` (false), or `fallback` when absent. */
  private parseNullClause(fallback: boolean): boolean {
    const key = this.token.key;
    if ((key === 'NULL' || key === 'ABSENT') && this.peek(1).key === 'ON') {
      this.advance();
      this.advance();
      this.expect('NULL');
      return key === 'NULL';
    }
    this.noteKeys(['ABSENT', 'NULL']);
    return fallback;
  }

  /** `[RETURNING type [FORMAT JSON [ENCODING ...]]]`. */
  private parseJsonReturning(): { returnType?: DataType; outputFormat?: JsonFormat } {
    if (!this.accept('RETURNING')) return {};
    const returnType = this.parseType();
    const outputFormat = this.parseJsonFormat();
    return { returnType, ...(outputFormat && { outputFormat }) };
  }

  /** `FORMAT JSON [ENCODING UTF8 | UTF16 | UTF32]`, if one follows. */
  private parseJsonFormat(): JsonFormat | undefined {
    if (this.token.key !== 'FORMAT' || this.peek(1).key !== 'JSON') {
      this.noteKeys(['FORMAT']);
      return undefined;
    }
    this.advance();
    this.advance();
    if (!this.accept('ENCODING')) return {};
    const encoding = this.token.key;
    if (!(ENCODINGS as readonly string[]).includes(encoding)) {
      this.noteKeys(ENCODINGS);
      throw this.fail();
    }
    this.advance();
    return { encoding: encoding as JsonEncoding };
  }

  /** `input [FORMAT JSON], 'path' [PASSING value [FORMAT JSON] AS name, ...]`. */
  private parseJsonPathInvocation(): JsonPathInvocation {
    const at = this.token;
    const input = this.parseExpression();
    const inputFormat = this.parseJsonFormat();
    this.expect(',');
    const pathToken = this.token;
    if (!this.isString(pathToken)) {
      this.note('<string>');
      throw this.fail();
    }
    const path: StringLiteral = { kind: 'StringLiteral', value: this.parseStringValue(), pos: pathToken.pos };
    const passing: JsonPathParameter[] = [];
    if (this.accept('PASSING')) {
      do {
        const valueAt = this.token;
        const value = this.parseExpression();
        const format = this.parseJsonFormat();
        this.expect('AS');
        const name = this.parseIdentifier();
        passing.push({ kind: 'JsonPathParameter', name, value, ...(format && { format }), pos: valueAt.pos });
      } while (this.accept(','));
    }
    return {
      kind: 'JsonPathInvocation',
      input,
      ...(inputFormat && { inputFormat }),
      path,
      passing,
      pos: at.pos,
    };
  }
}
