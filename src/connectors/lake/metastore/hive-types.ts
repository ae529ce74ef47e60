/**
 * Hive type strings (what a Hive metastore stores for a column: `int`, `decimal(12,2)`, `string`,
 * `array<struct<a:int,b:string>>`) ↔ Vivace types, as Trino's Hive connector maps them:
 * integer = `int`, real = `float`, varchar = `string`, varbinary = `binary`, row = `struct`,
 * and every `timestamp` has the catalog's precision (Trino's `hive.timestamp-precision`,
 * MILLISECONDS by default). Vivace types Hive cannot spell exactly (timestamp(6) when the catalog
 * says 3, time, timestamp with time zone, json) are stored as the nearest Hive type plus the exact
 * Vivace signature in the column's `properties` (`vivace.type`), which Trino ignores; see
 * file-metastore.ts. A type Vivace cannot read (`uniontype`, `interval_day_time`, ...) fails with
 * HIVE_INVALID_METADATA naming it.
 */

import {
  arrayOf,
  BIGINT,
  BOOLEAN,
  char,
  DATE,
  DOUBLE,
  decimal,
  INTEGER,
  mapOf,
  REAL,
  type RowField,
  rowOf,
  SMALLINT,
  TINYINT,
  type Type,
  timestamp,
  typeEquals,
  VARBINARY,
  VARCHAR,
  varchar,
} from '../../../types/type.js';
import { formatTypeSignature, parseType } from '../../../types/type-signature.js';
import { lakeError } from '../lake-errors.js';

/** The column property holding the exact Vivace type when the Hive type string loses something. */
export const VIVACE_TYPE_PROPERTY = 'vivace.type';

/** The Hive type string of a Vivace type (the nearest one for types Hive lacks). */
export function toHiveType(type: Type): string {
  switch (type.kind) {
    case 'boolean':
    case 'tinyint':
    case 'smallint':
    case 'bigint':
    case 'double':
    case 'date':
      return type.kind;
    case 'integer':
      return 'int';
    case 'real':
      return 'float';
    case 'decimal':
      return `decimal(${type.precision},${type.scale})`;
    case 'varchar':
      return type.length === undefined ? 'string' : `varchar(${type.length})`;
    case 'char':
      return `char(${type.length})`;
    case 'varbinary':
      return 'binary';
    case 'timestamp':
    case 'timestamp with time zone':
      return 'timestamp';
    case 'time':
    case 'time with time zone':
    case 'json':
    case 'uuid':
    case 'interval day to second':
    case 'interval year to month':
      return 'string';
    case 'array':
      return `array<${toHiveType(type.element)}>`;
    case 'map':
      return `map<${toHiveType(type.key)},${toHiveType(type.value)}>`;
    case 'row':
      return `struct<${type.fields.map((f, i) => `${f.name ?? `_col${i}`}:${toHiveType(f.type)}`).join(',')}>`;
    default:
      throw lakeError('HIVE_INVALID_METADATA', `Type ${formatTypeSignature(type)} cannot be stored in a Hive table`);
  }
}

/**
 * The Vivace type of a Hive type string; `timestampPrecision` is the catalog's precision of every
 * Hive `timestamp` (3 by default, as Trino's `hive.timestamp-precision=MILLISECONDS`).
 */
export function fromHiveType(hiveType: string, timestampPrecision = 3): Type {
  const parser = new HiveTypeParser(hiveType, timestampPrecision);
  const type = parser.parse();
  parser.expectEnd();
  return type;
}

/**
 * The column's Vivace type: the `vivace.type` property when present and consistent with the Hive
 * type (a Trino that altered the column would leave a stale property, so a mismatch falls back to
 * the Hive type), else the Hive type's.
 */
export function columnType(
  hiveType: string,
  properties: Readonly<Record<string, string>> | undefined,
  timestampPrecision = 3,
): Type {
  const hive = fromHiveType(hiveType, timestampPrecision);
  const exact = properties?.[VIVACE_TYPE_PROPERTY];
  if (exact === undefined) return hive;
  try {
    const type = parseType(exact);
    return toHiveType(type) === hiveType.replaceAll(' ', '').toLowerCase() ? type : hive;
  } catch {
    return hive;
  }
}

/** Whether the Hive type string reads back as exactly `type` (else the exact type goes in the properties). */
export function hiveTypeIsExact(type: Type, timestampPrecision = 3): boolean {
  try {
    return typeEquals(fromHiveType(toHiveType(type), timestampPrecision), type);
  } catch {
    return false;
  }
}

const SIMPLE: Readonly<Record<string, Type>> = {
  boolean: BOOLEAN,
  tinyint: TINYINT,
  smallint: SMALLINT,
  int: INTEGER,
  integer: INTEGER,
  bigint: BIGINT,
  float: REAL,
  double: DOUBLE,
  'double precision': DOUBLE,
  string: VARCHAR,
  date: DATE,
  binary: VARBINARY,
};

class HiveTypeParser {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly timestampPrecision: number,
  ) {}

  private fail(detail?: string): Error {
    return lakeError(
      'HIVE_INVALID_METADATA',
      `Unsupported Hive type: ${this.text}${detail === undefined ? '' : ` (${detail})`}`,
    );
  }

  private skipSpaces(): void {
    while (this.pos < this.text.length && /\s/.test(this.text.charAt(this.pos))) this.pos++;
  }

  private word(): string {
    this.skipSpaces();
    const start = this.pos;
    while (this.pos < this.text.length && /[A-Za-z0-9_ ]/.test(this.text.charAt(this.pos))) {
      if (this.text[this.pos] === ' ' && !/^ precision/i.test(this.text.slice(this.pos))) break;
      this.pos++;
    }
    return this.text.slice(start, this.pos).toLowerCase();
  }

  private expect(char: string): void {
    this.skipSpaces();
    if (this.text[this.pos] !== char) throw this.fail(`expected '${char}' at ${this.pos}`);
    this.pos++;
  }

  private peek(char: string): boolean {
    this.skipSpaces();
    return this.text[this.pos] === char;
  }

  private number(): number {
    this.skipSpaces();
    const start = this.pos;
    while (this.pos < this.text.length && /[0-9]/.test(this.text.charAt(this.pos))) this.pos++;
    if (start === this.pos) throw this.fail(`expected a number at ${start}`);
    return Number(this.text.slice(start, this.pos));
  }

  expectEnd(): void {
    this.skipSpaces();
    if (this.pos !== this.text.length) throw this.fail(`unexpected '${this.text.slice(this.pos)}'`);
  }

  parse(): Type {
    const name = this.word();
    const simple = SIMPLE[name];
    if (simple !== undefined) return simple;
    switch (name) {
      case 'timestamp':
        return timestamp(this.timestampPrecision);
      case 'decimal': {
        if (!this.peek('(')) return decimal(10, 0); // Hive's default
        this.expect('(');
        const precision = this.number();
        let scale = 0;
        if (this.peek(',')) {
          this.expect(',');
          scale = this.number();
        }
        this.expect(')');
        if (precision < 1 || precision > 38 || scale > precision) throw this.fail('decimal out of range');
        return decimal(precision, scale);
      }
      case 'varchar': {
        this.expect('(');
        const length = this.number();
        this.expect(')');
        return varchar(length);
      }
      case 'char': {
        this.expect('(');
        const length = this.number();
        this.expect(')');
        return char(length);
      }
      case 'array': {
        this.expect('<');
        const element = this.parse();
        this.expect('>');
        return arrayOf(element);
      }
      case 'map': {
        this.expect('<');
        const key = this.parse();
        this.expect(',');
        const value = this.parse();
        this.expect('>');
        return mapOf(key, value);
      }
      case 'struct': {
        this.expect('<');
        const fields: RowField[] = [];
        if (!this.peek('>')) {
          for (;;) {
            this.skipSpaces();
            const colon = this.text.indexOf(':', this.pos);
            if (colon < 0) throw this.fail('struct field without a type');
            const fieldName = this.text
              .slice(this.pos, colon)
              .trim()
              .replace(/^`(.*)`$/, '$1');
            this.pos = colon + 1;
            fields.push({ name: fieldName.toLowerCase(), type: this.parse() });
            if (!this.peek(',')) break;
            this.expect(',');
          }
        }
        this.expect('>');
        return rowOf(fields);
      }
      default:
        throw this.fail();
    }
  }
}
