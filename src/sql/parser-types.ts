/**
 * Data types as written in SQL (CAST targets, column definitions): `varchar(10)`,
 * `decimal(10, 2)`, `double precision`, `timestamp(3) with time zone`, `interval day to second`,
 * `array(bigint)` / `array<bigint>` / `bigint array`, `map(K, V)` / `map<K, V>`,
 * `row(a bigint, b varchar)` / `row(bigint, varchar)`, and any other name with optional
 * parameters (the analyzer rejects unknown types). Names are lowercased and multi-word names
 * spelled out in DataType.name.
 */
import type { DataType, Identifier, IntervalField, TypeParameter } from './ast.js';
import { ParserState } from './parser-state.js';
import type { Token } from './token.js';

export const INTERVAL_FIELDS: readonly IntervalField[] = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'];

export function isIntervalField(key: string): key is IntervalField {
  return (INTERVAL_FIELDS as readonly string[]).includes(key);
}

export class TypeParser extends ParserState {
  parseType(): DataType {
    this.enter();
    let type = this.parseBaseType();
    // `bigint array`: Trino's postfix array syntax.
    while (this.token.key === 'ARRAY') {
      this.advance();
      type = { kind: 'DataType', name: 'array', parameters: [this.typeParameterOf(type)], pos: type.pos };
    }
    this.note("'ARRAY'");
    this.leave();
    return type;
  }

  private typeParameterOf(type: DataType, name?: Identifier): TypeParameter {
    return name ? { kind: 'TypeParameter', type, name, pos: name.pos } : { kind: 'TypeParameter', type, pos: type.pos };
  }

  private parseBaseType(): DataType {
    const t = this.token;
    if (t.kind === 'quoted_identifier') {
      this.advance();
      return this.parseGenericType(t);
    }
    if (t.kind !== 'identifier') {
      this.note('<type>');
      throw this.fail();
    }
    const next = this.peek(1).key;
    switch (t.key) {
      case 'ROW':
        if (next === '(') return this.parseRowType();
        break;
      case 'INTERVAL':
        if (isIntervalField(next)) return this.parseIntervalType();
        break;
      case 'TIMESTAMP':
      case 'TIME':
        return this.parseDateTimeType();
      case 'DOUBLE':
        if (next === 'PRECISION') {
          this.advance();
          this.advance();
          return { kind: 'DataType', name: 'double', parameters: [], pos: t.pos };
        }
        break;
      case 'ARRAY':
        if (next === '<') {
          this.advance();
          this.advance();
          const element = this.parseType();
          this.expect('>');
          return { kind: 'DataType', name: 'array', parameters: [this.typeParameterOf(element)], pos: t.pos };
        }
        break;
      case 'MAP':
        if (next === '<') {
          this.advance();
          this.advance();
          const key = this.parseType();
          this.expect(',');
          const value = this.parseType();
          this.expect('>');
          const parameters = [this.typeParameterOf(key), this.typeParameterOf(value)];
          return { kind: 'DataType', name: 'map', parameters, pos: t.pos };
        }
        break;
    }
    this.advance();
    return this.parseGenericType(t);
  }

  /** `name` or `name(p, ...)` where each parameter is an integer or a type. */
  private parseGenericType(nameToken: Token): DataType {
    const name = nameToken.value.toLowerCase();
    const parameters: TypeParameter[] = [];
    if (this.accept('(')) {
      do parameters.push(this.parseTypeParameter());
      while (this.accept(','));
      this.expect(')');
    }
    return { kind: 'DataType', name, parameters, pos: nameToken.pos };
  }

  private parseTypeParameter(): TypeParameter {
    const t = this.token;
    if (t.kind === 'integer') {
      this.advance();
      return { kind: 'NumericParameter', value: Number(t.text), pos: t.pos };
    }
    this.note('<integer>');
    return this.typeParameterOf(this.parseType());
  }

  /** `row(a bigint, b varchar)` or `row(bigint, varchar)`, fields possibly mixed. */
  private parseRowType(): DataType {
    const start = this.advance();
    this.advance();
    const parameters: TypeParameter[] = [];
    do parameters.push(this.parseRowField());
    while (this.accept(','));
    this.expect(')');
    return { kind: 'DataType', name: 'row', parameters, pos: start.pos };
  }

  /**
   * A field is named when an identifier is followed by a type name; `double precision`,
   * `interval day ...` and `timestamp with time zone` are unnamed types despite reading alike.
   */
  private parseRowField(): TypeParameter {
    const t = this.token;
    const next = this.peek(1);
    const named =
      this.isIdentifier(t) &&
      this.isIdentifier(next) &&
      !(t.key === 'DOUBLE' && next.key === 'PRECISION') &&
      !(t.key === 'INTERVAL' && isIntervalField(next.key));
    if (!named) return this.typeParameterOf(this.parseType());
    const name = this.parseIdentifier();
    return this.typeParameterOf(this.parseType(), name);
  }

  private parseIntervalField(): IntervalField {
    const key = this.token.key;
    if (isIntervalField(key)) {
      this.advance();
      return key;
    }
    this.noteKeys(INTERVAL_FIELDS);
    throw this.fail();
  }

  /** `interval day to second`, `interval year to month` (and single fields, for the analyzer to judge). */
  private parseIntervalType(): DataType {
    const start = this.advance();
    const from = this.parseIntervalField();
    let name = `interval ${from.toLowerCase()}`;
    if (this.accept('TO')) name += ` to ${this.parseIntervalField().toLowerCase()}`;
    return { kind: 'DataType', name, parameters: [], pos: start.pos };
  }

  /** `timestamp[(p)] [with time zone | without time zone]`, and the same for `time`. */
  private parseDateTimeType(): DataType {
    const base = this.advance();
    const parameters: TypeParameter[] = [];
    if (this.accept('(')) {
      parameters.push(this.parseTypeParameter());
      this.expect(')');
    }
    let name = base.key.toLowerCase();
    const next = this.peek(1).key;
    if (this.token.key === 'WITH' && next === 'TIME') {
      this.advance();
      this.advance();
      this.expect('ZONE');
      name += ' with time zone';
    } else if (this.token.key === 'WITHOUT') {
      this.advance();
      this.expect('TIME');
      this.expect('ZONE');
    } else {
      this.noteKeys(['WITH', 'WITHOUT']);
    }
    return { kind: 'DataType', name, parameters, pos: base.pos };
  }
}
