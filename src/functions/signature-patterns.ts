/**
 * The small language function signatures are written in (see function-signature.ts for its
 * grammar): the type patterns it produces and its parser, a recursive descent over char codes. A
 * signature's text is parsed once, when its function is registered; an aggregate's intermediate
 * type is a pattern parsed on its own over the signature's type variables.
 */
import { VivaceError } from '../common/vivace-error.js';
import { makeType, type TypeArgument } from '../types/make-type.js';
import { arrayOf, functionType, mapOf, rowOf, type Type } from '../types/type.js';

/** The types whose parameters are numbers, and which numeric variables may stand for. */
export type ParametricBase =
  | 'decimal'
  | 'varchar'
  | 'char'
  | 'time'
  | 'time with time zone'
  | 'timestamp'
  | 'timestamp with time zone';

/** A numeric parameter of a parametric type in a pattern: a literal or a long variable. */
export type LongTerm =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'variable'; readonly name: string };

export type TypePattern =
  | { readonly kind: 'concrete'; readonly type: Type }
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'parametric'; readonly base: ParametricBase; readonly parameters: readonly LongTerm[] }
  | { readonly kind: 'array'; readonly element: TypePattern }
  | { readonly kind: 'map'; readonly key: TypePattern; readonly value: TypePattern }
  | {
      readonly kind: 'row';
      readonly fields: readonly TypePattern[];
      /** Field names (undefined for an anonymous field); absent when no field is named. */
      readonly names?: readonly (string | undefined)[];
    }
  | { readonly kind: 'function'; readonly arguments: readonly TypePattern[]; readonly returnType: TypePattern };

export interface TypeVariableConstraint {
  readonly name: string;
  readonly comparable: boolean;
  readonly orderable: boolean;
}

/** Base names that take numeric parameters (`decimal(p,s)`), so may carry numeric variables. */
const PARAMETRIC_BASES: ReadonlySet<string> = new Set(['decimal', 'varchar', 'char', 'time', 'timestamp']);

/** A catalog bug: a signature (or intermediate type) that does not parse or does not bind. */
export function malformed(text: string, reason: string): VivaceError {
  return new VivaceError('GENERIC_INTERNAL_ERROR', `Malformed function signature '${text}': ${reason}`);
}

/** A signature's text, parsed: what defineSignature validates and completes. */
export interface ParsedSignature {
  readonly name: string;
  readonly typeVariables: readonly TypeVariableConstraint[];
  readonly argumentTypes: readonly TypePattern[];
  readonly returnType: TypePattern;
  readonly variadic: boolean;
}

/** Type names a second word may follow (`interval day to second`, `timestamp with time zone`): not field names. */
const MULTI_WORD_TYPES: ReadonlySet<string> = new Set(['interval', 'time', 'timestamp', 'double']);

const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const COMMA = 0x2c;
const COLON = 0x3a;
const DOT = 0x2e;
const LESS = 0x3c;
const GREATER = 0x3e;

/** A recursive-descent parser over char codes for the signature text. */
export class PatternParser {
  private pos = 0;
  private typeVariableNames: ReadonlySet<string> = new Set();

  constructor(private readonly text: string) {}

  parseSignature(): ParsedSignature {
    const name = this.readWord();
    if (name === '') throw this.fail('a function name');
    const typeVariables: TypeVariableConstraint[] = [];
    if (this.accept(LESS)) {
      do {
        const variable = this.readWord();
        if (variable === '') throw this.fail('a type variable');
        let comparable = false;
        let orderable = false;
        while (this.accept(COLON)) {
          const constraint = this.readWord();
          if (constraint === 'comparable') comparable = true;
          else if (constraint === 'orderable') orderable = true;
          else throw this.fail('comparable or orderable');
        }
        typeVariables.push({ name: variable, comparable, orderable });
      } while (this.accept(COMMA));
      this.expect(GREATER);
    }
    this.typeVariableNames = new Set(typeVariables.map((v) => v.name));

    this.expect(OPEN_PAREN);
    const argumentTypes: TypePattern[] = [];
    let variadic = false;
    if (!this.accept(CLOSE_PAREN)) {
      do {
        if (variadic) throw this.fail('the variadic argument to be the last one');
        argumentTypes.push(this.parsePattern());
        variadic = this.acceptEllipsis();
      } while (this.accept(COMMA));
      this.expect(CLOSE_PAREN);
    }
    this.expect(COLON);
    const returnType = this.parsePattern();
    this.skipSpaces();
    if (this.pos < this.text.length) throw this.fail('the end');
    return { name, typeVariables, argumentTypes, returnType, variadic };
  }

  /** One type pattern making up the whole text, with the given type variables in scope. */
  parseTypePattern(typeVariables: readonly TypeVariableConstraint[]): TypePattern {
    this.typeVariableNames = new Set(typeVariables.map((v) => v.name));
    const pattern = this.parsePattern();
    this.skipSpaces();
    if (this.pos < this.text.length) throw this.fail('the end');
    return pattern;
  }

  private parsePattern(): TypePattern {
    const word = this.readWord();
    if (word === '') throw this.fail('a type');
    if (this.typeVariableNames.has(word)) return { kind: 'variable', name: word };
    switch (word) {
      case 'array': {
        this.expect(OPEN_PAREN);
        const element = this.parsePattern();
        this.expect(CLOSE_PAREN);
        return element.kind === 'concrete' ? concrete(arrayOf(element.type)) : { kind: 'array', element };
      }
      case 'map': {
        this.expect(OPEN_PAREN);
        const key = this.parsePattern();
        this.expect(COMMA);
        const value = this.parsePattern();
        this.expect(CLOSE_PAREN);
        return key.kind === 'concrete' && value.kind === 'concrete'
          ? concrete(mapOf(key.type, value.type))
          : { kind: 'map', key, value };
      }
      case 'row':
        return this.parseRow();
      case 'function': {
        const parts = this.parsePatternList();
        const types = concreteTypes(parts);
        if (types !== undefined) return concrete(functionType(types.slice(0, -1), types[types.length - 1]));
        return { kind: 'function', arguments: parts.slice(0, -1), returnType: parts[parts.length - 1] };
      }
      case 'interval':
        return concrete(this.makeType(`interval ${this.readWord()} ${this.readWord()} ${this.readWord()}`, []));
      case 'double':
        return concrete(this.makeType('double', []));
      default:
        if (PARAMETRIC_BASES.has(word)) return this.parseParametric(word);
        return concrete(this.makeType(word, []));
    }
  }

  /** `row(P, ...)` whose fields may be named: `row(count bigint, sum T)`. */
  private parseRow(): TypePattern {
    this.expect(OPEN_PAREN);
    const fields: TypePattern[] = [];
    const names: (string | undefined)[] = [];
    do {
      names.push(this.fieldName());
      fields.push(this.parsePattern());
    } while (this.accept(COMMA));
    this.expect(CLOSE_PAREN);
    const named = names.some((name) => name !== undefined);
    const types = concreteTypes(fields);
    if (types !== undefined) {
      return concrete(rowOf(types.map((type, i) => (names[i] === undefined ? { type } : { name: names[i], type }))));
    }
    return named ? { kind: 'row', fields, names } : { kind: 'row', fields };
  }

  /** The name of a row field when one precedes its type (a word followed by another word), else undefined. */
  private fieldName(): string | undefined {
    const mark = this.pos;
    const word = this.readWord();
    this.skipSpaces();
    const named =
      word !== '' &&
      !this.typeVariableNames.has(word) &&
      !MULTI_WORD_TYPES.has(word) &&
      isWordPart(this.text.charCodeAt(this.pos));
    if (named) return word;
    this.pos = mark;
    return undefined;
  }

  private parsePatternList(): TypePattern[] {
    this.expect(OPEN_PAREN);
    const patterns: TypePattern[] = [];
    do patterns.push(this.parsePattern());
    while (this.accept(COMMA));
    this.expect(CLOSE_PAREN);
    return patterns;
  }

  /** decimal(p,s), varchar(x), varchar, timestamp(p) with time zone ... */
  private parseParametric(word: string): TypePattern {
    const parameters: LongTerm[] = [];
    if (this.accept(OPEN_PAREN)) {
      do {
        this.skipSpaces();
        const c = this.text.charCodeAt(this.pos);
        if (c >= 0x30 && c <= 0x39) {
          const start = this.pos;
          while (isDigit(this.text.charCodeAt(this.pos))) this.pos++;
          parameters.push({ kind: 'number', value: Number(this.text.slice(start, this.pos)) });
        } else {
          const variable = this.readWord();
          if (variable === '') throw this.fail('a number or a numeric variable');
          parameters.push({ kind: 'variable', name: variable });
        }
      } while (this.accept(COMMA));
      this.expect(CLOSE_PAREN);
    }
    let base = word as ParametricBase;
    if (word === 'time' || word === 'timestamp') {
      const mark = this.pos;
      if (this.readWord() === 'with') {
        if (this.readWord() !== 'time' || this.readWord() !== 'zone') throw this.fail('with time zone');
        base = `${word} with time zone`;
      } else {
        this.pos = mark;
      }
    }
    if (parameters.every((p) => p.kind === 'number')) {
      const values: TypeArgument[] = parameters.map((p) => ({ kind: 'number', value: (p as { value: number }).value }));
      return concrete(this.makeType(base, values));
    }
    return { kind: 'parametric', base, parameters };
  }

  /** A concrete type; an unknown name (e.g. an undeclared type variable) makes the signature malformed. */
  private makeType(name: string, parameters: readonly TypeArgument[]): Type {
    try {
      return makeType(name, parameters);
    } catch (e) {
      throw malformed(this.text, e instanceof VivaceError ? e.rawMessage : String(e));
    }
  }

  private acceptEllipsis(): boolean {
    this.skipSpaces();
    if (this.text.startsWith('...', this.pos)) {
      this.pos += 3;
      return true;
    }
    if (this.text.charCodeAt(this.pos) === DOT) throw this.fail('...');
    return false;
  }

  private readWord(): string {
    this.skipSpaces();
    const start = this.pos;
    while (isWordPart(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private accept(c: number): boolean {
    this.skipSpaces();
    if (this.text.charCodeAt(this.pos) !== c) return false;
    this.pos++;
    return true;
  }

  private expect(c: number): void {
    if (!this.accept(c)) throw this.fail(`'${String.fromCharCode(c)}'`);
  }

  private skipSpaces(): void {
    while (this.text.charCodeAt(this.pos) === 0x20) this.pos++;
  }

  private fail(expected: string): VivaceError {
    return malformed(this.text, `expected ${expected} at offset ${this.pos}`);
  }
}

function concrete(type: Type): TypePattern {
  return { kind: 'concrete', type };
}

/** The types of the patterns when every one is concrete. */
function concreteTypes(patterns: readonly TypePattern[]): Type[] | undefined {
  const types: Type[] = [];
  for (const p of patterns) {
    if (p.kind !== 'concrete') return undefined;
    types.push(p.type);
  }
  return types;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isWordPart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24 || isDigit(c);
}
