/**
 * Compiles filter and projection expressions to JavaScript functions that loop over a page's
 * typed arrays (`new Function`), one loop per page, no per-row allocation for fixed-width and
 * string values. The interpreter (interpreter.ts) is the reference: generated code follows the
 * same NULL semantics, and a property test checks that both agree.
 *
 * Generated code reads every input channel through (values, nulls, ids): `ids` is null for a
 * flat block, the dictionary ids for a dictionary block, and zeros for a run-length block, so
 * one code path serves every encoding. Types stored in the fast kinds (int32, float64, float32,
 * boolean, string) are read and written directly; other types go through the data layer's
 * generic value access and block builders. Expressions the generator does not handle (lambdas)
 * are evaluated by the interpreter for each row, still inside the generated loop.
 *
 * Why one long file: the generator is one recursive emitter over the expression kinds sharing one
 * code buffer, variable allocator and NULL-propagation scheme; its pieces are only meaningful
 * together (engine-functions.ts, constant-values.ts and the interpreter are already apart).
 */

import { fail } from '../../common/invariant.js';
import type { Block, FlatBlock } from '../../data/block.js';
import { createBlockBuilder } from '../../data/block-builder.js';
import { getValue } from '../../data/block-values.js';
import type { Page } from '../../data/page.js';
import { physicalKindOf } from '../../data/physical-type.js';
import { writeInt64Value, writeInt128Value } from '../../data/wide-integer-block-builders.js';
import { comparatorOf, distinctnessOf, equalityOf } from '../../functions/implementations/index.js';
import { expressionKey, isDeterministic } from '../../planner/expressions.js';
import { type RowExpression, symbolsOf } from '../../planner/row-expression.js';
import { isCharacterString, type Type, typeEquals } from '../../types/type.js';
import { constantValue } from './constant-values.js';
import type { EngineFunctions, SessionContext } from './engine-functions.js';
import { ExpressionInterpreter, isTryCatchable } from './interpreter.js';

/** Channel layout of the input pages: symbol name → channel index and type. */
export type InputLayout = ReadonlyMap<string, { readonly channel: number; readonly type: Type }>;

/** Writes the positions of the rows for which the predicate is true into `out`; returns how many. */
export type CompiledFilter = (page: Page, out: Int32Array) => number;

/**
 * One output block per expression, over the selected positions (all when `selection` is null).
 * The blocks may cover only the first rows of `count`: a projection stops after the row where the
 * strings and byte arrays it has built pass PROJECTION_PAGE_UNITS, so one page of large values
 * (rpad to megabytes, over thousands of rows) is never built at once; the caller projects the
 * rest in further calls. Every block of one call has the same number of positions.
 */
export type CompiledProjection = (page: Page, selection: Int32Array | null, count: number) => Block[];

/** UTF-16 units (or bytes) of built strings (or byte arrays) after which a projection ends its page. */
export const PROJECTION_PAGE_UNITS = 4 * 1024 * 1024;

const FAST_KINDS = new Set(['int32', 'float64', 'float32', 'boolean', 'string']);

interface Channel {
  readonly values: unknown;
  readonly nulls: Uint8Array | undefined;
  readonly ids: Int32Array | null;
}

/** Normalises any encoding to (values, nulls, ids) for the generated code. */
export function channelView(block: Block): Channel {
  if (block.kind === 'dictionary') {
    const d = block.dictionary as FlatBlock & { values?: unknown };
    return { values: d.values, nulls: d.nulls, ids: block.ids };
  }
  if (block.kind === 'rle') {
    const v = block.value as FlatBlock & { values?: unknown };
    return { values: v.values, nulls: v.nulls, ids: new Int32Array(block.positionCount) };
  }
  const flat = block as FlatBlock & { values?: unknown };
  return { values: flat.values, nulls: flat.nulls, ids: null };
}

/** Thrown by generated code when a bigint result leaves the float64 range: redo the page generically. */
const WIDE_VALUE = Symbol('wide value');

class CodeGenerator {
  private temp = 0;
  readonly statements: string[] = [];
  readonly constants: unknown[] = [];
  /**
   * Constants of the expression, read once before the row loop into locals (`const c0 = k[0];`)
   * rather than written into the source: the source of `a = 5` and of `a = 6` is then the same,
   * and the compiled function is reused (`compiledBody`) instead of compiled for every literal.
   */
  readonly hoisted: string[] = [];
  /** Blocks open in `statements` (code emitted now runs only on some rows' paths when above 0). */
  private depth = 0;
  /**
   * Results of deterministic subexpressions whose code runs for every row (emitted outside any
   * block), by structure: `extendedprice * (1 - discount)` in two of a projection's outputs, or a
   * column read by several, is computed once a row.
   */
  private readonly reused = new Map<string, { value: string; isNull: string }>();
  readonly channels = new Set<number>();

  constructor(
    private readonly layout: InputLayout,
    private readonly functions: EngineFunctions,
    private readonly session: SessionContext,
  ) {}

  private fresh(): string {
    return `t${this.temp++}`;
  }

  /** A value the generated code reads by name (hoisted from `k`): functions and objects of a call site. */
  constantName(value: unknown): string {
    return this.constant(value);
  }

  /** A value the code uses (a number, a string, a function of the call site), as a local read from `k` before the loop. */
  private constant(value: unknown): string {
    this.constants.push(value);
    const name = `c${this.hoisted.length}`;
    this.hoisted.push(`const ${name} = k[${this.constants.length - 1}];`);
    return name;
  }

  /** Adds generated statements, keeping count of the blocks they leave open (see `reused`). */
  private emit(statement: string): void {
    this.statements.push(statement);
    for (let i = 0; i < statement.length; i++) {
      const c = statement.charCodeAt(i);
      if (c === 123) this.depth++;
      else if (c === 125) this.depth--;
    }
  }

  /** Emits code evaluating `e`; returns the names of its value and null-flag variables. */
  generate(e: RowExpression): { value: string; isNull: string } {
    if (e.kind === 'Constant' || !isDeterministic(e)) return this.generateOnce(e);
    const key = expressionKey(e);
    const known = this.reused.get(key);
    if (known !== undefined) return known;
    const unconditional = this.depth === 0;
    const result = this.generateOnce(e);
    if (unconditional) this.reused.set(key, result);
    return result;
  }

  private generateOnce(e: RowExpression): { value: string; isNull: string } {
    switch (e.kind) {
      case 'Symbol':
        return this.symbol(e.name);
      case 'Constant': {
        const value = constantValue(e, this.functions);
        if (value === null) return { value: '0', isNull: 'true' };
        if (typeof value === 'boolean') return { value: String(value), isNull: 'false' };
        return { value: this.constant(value), isNull: 'false' };
      }
      case 'Call':
        return this.call(e);
      case 'Cast':
        return this.cast(e);
      case 'SpecialForm':
        return this.specialForm(e);
      default:
        return this.interpreted(e);
    }
  }

  private symbol(name: string): { value: string; isNull: string } {
    const input = this.layout.get(name);
    if (!input) throw new Error(`symbol ${name} is not in the input layout`);
    const c = input.channel;
    this.channels.add(c);
    const v = this.fresh();
    const n = this.fresh();
    const index = `(i${c} === null ? p : i${c}[p])`;
    const kind = physicalKindOf(input.type);
    this.emit(`const ${n} = n${c} !== undefined && n${c}[${index}] === 1;`);
    if (FAST_KINDS.has(kind)) {
      const read = kind === 'boolean' ? `v${c}[${index}] === 1` : `v${c}[${index}]`;
      this.emit(`const ${v} = ${n} ? ${kind === 'string' ? "''" : '0'} : ${read};`);
    } else {
      this.emit(`const ${v} = ${n} ? null : getValue(b${c}, ty[${c}], p);`);
    }
    return { value: v, isNull: n };
  }

  private call(e: Extract<RowExpression, { kind: 'Call' }>): { value: string; isNull: string } {
    if (e.args.some((a) => a.kind === 'Lambda')) return this.interpreted(e);
    const implementation = this.functions.scalar(e.function.id);
    const args = e.args.map((a) => this.generate(a));
    const v = this.fresh();
    const n = this.fresh();
    const context = this.constant({
      argumentTypes: e.function.argumentTypes,
      returnType: e.type,
      session: this.session,
    });
    const values = args.map((a) => a.value);
    const inlined = implementation.inline?.(values, {
      argumentTypes: e.function.argumentTypes,
      returnType: e.type,
      callContext: context,
      reference: (value) => this.constant(value),
    });
    const invoke = inlined ?? `${this.constant(implementation.fn)}(${[...values, context].join(', ')})`;
    if (implementation.nullHandling === 'RETURNS_NULL_ON_NULL') {
      const anyNull = args.map((a) => a.isNull).join(' || ') || 'false';
      this.emit(`const ${n}_any = ${anyNull};`);
      this.emit(`const ${v} = ${n}_any ? 0 : ${invoke};`);
      this.emit(`const ${n} = ${n}_any || ${v} === null;`);
    } else {
      const nullable = args.map((a) => `(${a.isNull} ? null : ${a.value})`);
      const call = `${this.constant(implementation.fn)}(${[...nullable, context].join(', ')})`;
      this.emit(`const ${v} = ${call};`);
      this.emit(`const ${n} = ${v} === null;`);
    }
    return { value: v, isNull: n };
  }

  private cast(e: Extract<RowExpression, { kind: 'Cast' }>): { value: string; isNull: string } {
    const input = this.generate(e.value);
    const cast = this.constant(this.functions.cast(e.value.type, e.type));
    const context = this.constant({ argumentTypes: [e.value.type], returnType: e.type, session: this.session });
    const v = this.fresh();
    const n = this.fresh();
    if (e.safe) {
      this.emit(
        `let ${v} = null; if (!${input.isNull}) { try { ${v} = ${cast}(${input.value}, ${context}); } catch (err) { if (!tryCatchable(err)) throw err; } }`,
      );
    } else {
      this.emit(`const ${v} = ${input.isNull} ? null : ${cast}(${input.value}, ${context});`);
    }
    this.emit(`const ${n} = ${v} === null;`);
    return { value: v, isNull: n };
  }

  private specialForm(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    switch (e.form) {
      case 'AND':
      case 'OR':
        return this.logical(e);
      case 'NOT': {
        const a = this.generate(e.args[0]);
        return { value: `!${a.value}`, isNull: a.isNull };
      }
      case 'IS_NULL': {
        const a = this.generate(e.args[0]);
        return { value: a.isNull, isNull: 'false' };
      }
      case 'IF':
      case 'SWITCH':
      case 'COALESCE':
        return this.conditional(e);
      case 'BETWEEN':
        return this.between(e);
      case 'IN':
        return this.inList(e);
      case 'LIKE':
        return this.like(e);
      case 'NULLIF':
        return this.nullIf(e);
      case 'IS_DISTINCT_FROM':
        return this.distinctFrom(e);
      default:
        return this.interpreted(e);
    }
  }

  /**
   * Whether values of `type` are plain JS numbers ordered as the type orders them, so that `<`,
   * `===` work directly (integers, reals, doubles, dates, short decimals of one scale, intervals).
   */
  private isPlainNumber(type: Type): boolean {
    const kind = physicalKindOf(type);
    if (kind !== 'int32' && kind !== 'float64' && kind !== 'float32') return false;
    return (
      type.kind === 'tinyint' ||
      type.kind === 'smallint' ||
      type.kind === 'integer' ||
      type.kind === 'real' ||
      type.kind === 'double' ||
      type.kind === 'date' ||
      type.kind === 'decimal' ||
      type.kind === 'interval day to second' ||
      type.kind === 'interval year to month'
    );
  }

  /** `a <op> b` for two non-NULL values of `type` as code: direct for plain numbers, else through the comparator. */
  private compareCode(type: Type, a: string, b: string, op: '<=' | '>='): string {
    if (this.isPlainNumber(type)) return `(${a} ${op} ${b})`;
    if (type.kind === 'bigint')
      return `(typeof ${a} === 'number' && typeof ${b} === 'number' ? ${a} ${op} ${b} : ${this.constant(comparatorOf(type))}(${a}, ${b}) ${op} 0)`;
    return `(${this.constant(comparatorOf(type))}(${a}, ${b}) ${op} 0)`;
  }

  /** SQL `=` of two non-NULL values as code: true, false, or null (nested NULLs). */
  private equalsCode(type: Type, a: string, b: string): string {
    if (this.isPlainNumber(type) || (isCharacterString(type) && type.kind === 'varchar')) return `(${a} === ${b})`;
    if (type.kind === 'bigint')
      return `(typeof ${a} === 'number' && typeof ${b} === 'number' ? ${a} === ${b} : ${this.constant(equalityOf(type))}(${a}, ${b}))`;
    return `${this.constant(equalityOf(type))}(${a}, ${b})`;
  }

  /**
   * `value BETWEEN min AND max` as `value >= min AND value <= max` (the interpreter's order): false
   * wins over NULL, and max is not evaluated (nor its errors raised) once `value >= min` is false.
   */
  private between(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    const type = e.args[0].type;
    const value = this.generate(e.args[0]);
    const min = this.generate(e.args[1]);
    const v = this.fresh();
    const n = this.fresh();
    const above = `(${value.isNull} || ${min.isNull} ? null : ${this.compareCode(type, value.value, min.value, '>=')})`;
    this.emit(`let ${v} = false; let ${n} = false; const a${v} = ${above};`);
    this.emit(`if (a${v} !== false) {`);
    const max = this.generate(e.args[2]);
    const below = `(${value.isNull} || ${max.isNull} ? null : ${this.compareCode(type, value.value, max.value, '<=')})`;
    this.emit(
      `const b${v} = ${below}; if (b${v} === false) ${v} = false; else if (a${v} === null || b${v} === null) ${n} = true; else ${v} = true; }`,
    );
    return { value: v, isNull: n };
  }

  /** `value IN (items)`: a constant set lookup when every item is a non-NULL constant number or string. */
  private inList(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    const type = e.args[0].type;
    const value = this.generate(e.args[0]);
    const items = e.args.slice(1);
    const v = this.fresh();
    const n = this.fresh();
    const constants = items.every((item) => item.kind === 'Constant')
      ? items.map((item) => constantValue(item as Extract<RowExpression, { kind: 'Constant' }>, this.functions))
      : undefined;
    const plain = this.isPlainNumber(type) || type.kind === 'varchar' || type.kind === 'bigint';
    if (
      constants !== undefined &&
      plain &&
      constants.every((c) => typeof c === 'number' || typeof c === 'string' || c === null)
    ) {
      const present = constants.filter((c) => c !== null);
      const set = this.constant(new Set(present));
      const sawNull = constants.length !== present.length;
      // NaN is in no list (SQL: NaN = NaN is false), though a Set would find it.
      const hit = `(${value.value} === ${value.value} && ${set}.has(${value.value}))`;
      const generic =
        type.kind === 'bigint'
          ? `typeof ${value.value} !== 'number' ? ${this.constant(present)}.some((x) => ${this.constant(equalityOf(type))}(${value.value}, x) === true) : `
          : '';
      this.emit(`const ${v}_hit = ${value.isNull} ? false : ${generic}${hit};`);
      this.emit(`const ${v} = ${v}_hit;`);
      this.emit(`const ${n} = ${value.isNull} || (!${v}_hit && ${sawNull});`);
      return { value: v, isNull: n };
    }
    this.emit(`let ${v} = false; let ${n} = ${value.isNull};`);
    this.emit(`if (!${n}) { let sawNull${v} = false;`);
    let closing = '';
    for (const item of items) {
      this.emit('{');
      const r = this.generate(item);
      this.emit(
        `if (${r.isNull}) sawNull${v} = true; else { const eq = ${this.equalsCode(type, value.value, r.value)}; if (eq === true) ${v} = true; else if (eq === null) sawNull${v} = true; }`,
      );
      this.emit('}');
      this.emit(`if (!${v}) {`);
      closing += '}';
    }
    this.emit(closing);
    this.emit(`if (!${v} && sawNull${v}) ${n} = true; }`);
    return { value: v, isNull: n };
  }

  /** `value LIKE pattern [ESCAPE e]`: a constant pattern compiles once. */
  private like(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    const [valueArg, patternArg, escapeArg] = e.args;
    const value = this.generate(valueArg);
    const v = this.fresh();
    const n = this.fresh();
    const constantPattern =
      patternArg.kind === 'Constant' && (escapeArg === undefined || escapeArg.kind === 'Constant');
    if (constantPattern) {
      const pattern = constantValue(patternArg as Extract<RowExpression, { kind: 'Constant' }>, this.functions);
      const escapeValue =
        escapeArg === undefined
          ? undefined
          : constantValue(escapeArg as Extract<RowExpression, { kind: 'Constant' }>, this.functions);
      if (pattern === null || escapeValue === null) return { value: 'false', isNull: 'true' };
      const matcher = this.constant(this.functions.like(pattern as string, escapeValue as string | undefined));
      this.emit(`const ${n} = ${value.isNull};`);
      this.emit(`const ${v} = ${n} ? false : ${matcher}(${value.value});`);
      return { value: v, isNull: n };
    }
    const pattern = this.generate(patternArg);
    const escapeCode = escapeArg === undefined ? undefined : this.generate(escapeArg);
    const functions = this.constant(this.functions);
    this.emit(`const ${n} = ${value.isNull} || ${pattern.isNull}${escapeCode ? ` || ${escapeCode.isNull}` : ''};`);
    this.emit(
      `const ${v} = ${n} ? false : ${functions}.like(${pattern.value}${escapeCode ? `, ${escapeCode.value}` : ''})(${value.value});`,
    );
    return { value: v, isNull: n };
  }

  /** NULLIF(a, b): NULL when a = b, else a; `b` is evaluated only when `a` is not NULL (its errors too). */
  private nullIf(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    const type = e.args[0].type;
    if (!typeEquals(type, e.args[1].type)) return this.interpreted(e);
    const a = this.generate(e.args[0]);
    const n = this.fresh();
    this.emit(`let ${n} = ${a.isNull};`);
    this.emit(`if (!${n}) {`);
    const b = this.generate(e.args[1]);
    this.emit(`${n} = !${b.isNull} && ${this.equalsCode(type, a.value, b.value)} === true;`);
    this.emit('}');
    return { value: a.value, isNull: n };
  }

  /** `a IS DISTINCT FROM b`: never NULL. */
  private distinctFrom(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    const type = e.args[0].type;
    const a = this.generate(e.args[0]);
    const b = this.generate(e.args[1]);
    const v = this.fresh();
    if (this.isPlainNumber(type) && type.kind !== 'real' && type.kind !== 'double') {
      this.emit(`const ${v} = ${a.isNull} !== ${b.isNull} || (!${a.isNull} && ${a.value} !== ${b.value});`);
    } else {
      const distinct = this.constant(distinctnessOf(type));
      this.emit(`const ${v} = ${distinct}(${a.isNull} ? null : ${a.value}, ${b.isNull} ? null : ${b.value});`);
    }
    return { value: v, isNull: 'false' };
  }

  /** AND/OR with three-valued logic and left-to-right short circuit, as the interpreter. */
  private logical(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    const isAnd = e.form === 'AND';
    const v = this.fresh();
    const n = this.fresh();
    // v: decided value so far (AND: false decides; OR: true decides); n: a NULL was seen.
    this.emit(`let ${v} = ${isAnd ? 'true' : 'false'}; let ${n} = false;`);
    let closing = '';
    for (const arg of e.args) {
      this.emit(`{`);
      const a = this.generate(arg);
      this.emit(
        `if (${a.isNull}) ${n} = true; else if (${isAnd ? '!' : ''}${a.value}) { ${v} = ${isAnd ? 'false' : 'true'}; ${n} = false; }`,
      );
      this.emit(`}`);
      this.emit(`if (${v} === ${isAnd ? 'true' : 'false'}) {`);
      closing += '}';
    }
    this.emit(closing);
    return { value: v, isNull: `(${n} && ${v} === ${isAnd ? 'true' : 'false'})` };
  }

  /** IF, searched CASE and COALESCE: only the chosen branch is evaluated. */
  private conditional(e: Extract<RowExpression, { kind: 'SpecialForm' }>): { value: string; isNull: string } {
    const v = this.fresh();
    const n = this.fresh();
    this.emit(`let ${v} = 0; let ${n} = true;`);
    const assign = (arg: RowExpression) => {
      this.emit('{');
      const r = this.generate(arg);
      this.emit(`${v} = ${r.value}; ${n} = ${r.isNull};`);
      this.emit('}');
    };
    if (e.form === 'COALESCE') {
      let closing = '';
      for (const arg of e.args) {
        this.emit('{');
        const r = this.generate(arg);
        this.emit(`if (!${r.isNull}) { ${v} = ${r.value}; ${n} = false; }`);
        this.emit('}');
        this.emit(`if (${n}) {`);
        closing += '}';
      }
      this.emit(closing);
      return { value: v, isNull: n };
    }
    // IF(c, a, b) is SWITCH(c, a, b).
    const args = e.args;
    const last = args.length - 1;
    let closing = '';
    for (let i = 0; i < last; i += 2) {
      this.emit('{');
      const c = this.generate(args[i]);
      this.emit(`var c${v}_${i} = !${c.isNull} && ${c.value} === true;`);
      this.emit('}');
      this.emit(`if (c${v}_${i}) {`);
      assign(args[i + 1]);
      this.emit('} else {');
      closing += '}';
    }
    assign(args[last]);
    this.emit(closing);
    return { value: v, isNull: n };
  }

  /** Falls back to the interpreter for one row (lambdas and rare forms). */
  private interpreted(e: RowExpression): { value: string; isNull: string } {
    const symbols = [...symbolsOf(e)];
    const reads = symbols.map((s) => this.symbol(s));
    const v = this.fresh();
    const n = this.fresh();
    const names = this.constant(symbols);
    const expression = this.constant(e);
    this.emit(
      `const ${v} = interp.evaluate(${expression}, (s) => { const i = ${names}.indexOf(s); return [${reads
        .map((r) => `${r.isNull} ? null : ${r.value}`)
        .join(', ')}][i]; });`,
    );
    this.emit(`const ${n} = ${v} === null;`);
    return { value: v, isNull: n };
  }
}

function prologue(generator: CodeGenerator): string {
  const lines: string[] = [...generator.hoisted];
  for (const c of generator.channels) {
    lines.push(`const b${c} = page.blocks[${c}]; const ch${c} = view(b${c});`);
    lines.push(`const v${c} = ch${c}.values, n${c} = ch${c}.nulls, i${c} = ch${c}.ids;`);
  }
  return lines.join('\n');
}

/**
 * Compiled functions by their parameters and source, most recently used last. Compiling is the
 * larger part of a small query's expression work (V8 parses and compiles each `new Function`, about
 * 0.1 ms); the generated code depends only on the expressions' shape and input layout (values live
 * in `k`), so the statements of a BI tool or a test suite, which differ in their literals, share one
 * function — and its optimized code, once V8 has made it.
 */
const compiledBodies = new Map<string, (...args: unknown[]) => unknown>();
const MAX_COMPILED_BODIES = 1024;

/** How many compiled functions are kept (for tests and diagnostics). */
export function compiledFunctionCount(): number {
  return compiledBodies.size;
}

function compiledBody(parameters: readonly string[], source: string): (...args: unknown[]) => unknown {
  const key = `${parameters.join(',')}\n${source}`;
  const cached = compiledBodies.get(key);
  if (cached !== undefined) {
    compiledBodies.delete(key);
    compiledBodies.set(key, cached);
    return cached;
  }
  const body = new Function(...parameters, source) as (...args: unknown[]) => unknown;
  compiledBodies.set(key, body);
  if (compiledBodies.size > MAX_COMPILED_BODIES) {
    const oldest = compiledBodies.keys().next().value;
    if (oldest !== undefined) compiledBodies.delete(oldest);
  }
  return body;
}

function inputTypes(layout: InputLayout): Type[] {
  const types: Type[] = [];
  for (const { channel, type } of layout.values()) types[channel] = type;
  return types;
}

export function compileFilter(
  predicate: RowExpression,
  layout: InputLayout,
  functions: EngineFunctions,
  session: SessionContext,
): CompiledFilter {
  const generator = new CodeGenerator(layout, functions, session);
  const result = generator.generate(predicate);
  const source = `
${prologue(generator)}
let count = 0;
for (let p = 0; p < page.positionCount; p++) {
${generator.statements.join('\n')}
if (!(${result.isNull}) && ${result.value} === true) out[count++] = p;
}
return count;`;
  const body = compiledBody(['page', 'out', 'k', 'view', 'getValue', 'ty', 'interp', 'tryCatchable'], source);
  const k = generator.constants;
  const types = inputTypes(layout);
  const interp = new ExpressionInterpreter({ functions, session });
  return (page, out) => body(page, out, k, channelView, getValue, types, interp, isTryCatchable) as number;
}

export function compileProjection(
  expressions: readonly RowExpression[],
  layout: InputLayout,
  functions: EngineFunctions,
  session: SessionContext,
): CompiledProjection {
  const generator = new CodeGenerator(layout, functions, session);
  const outputs = expressions.map((e) => {
    const result = generator.generate(e);
    return { result, type: e.type, kind: physicalKindOf(e.type) };
  });
  const declarations: string[] = [];
  const writes: string[] = [];
  const finals: string[] = [];
  // Outputs whose values can be large (strings, byte arrays) count their size toward the page budget.
  let measured = false;
  outputs.forEach((o, j) => {
    const sized = o.kind === 'string' || o.kind === 'binary';
    measured ||= sized;
    const measure = sized ? ` size_ += (${o.result.value}).length;` : '';
    if (FAST_KINDS.has(o.kind)) {
      const array = { int32: 'Int32Array', float64: 'Float64Array', float32: 'Float32Array', boolean: 'Uint8Array' }[
        o.kind as 'int32'
      ];
      declarations.push(
        `const o${j} = ${o.kind === 'string' ? 'new Array(count).fill("")' : `new ${array}(count)`}; let on${j};`,
      );
      const value = o.kind === 'boolean' ? `(${o.result.value} ? 1 : 0)` : o.result.value;
      const guard = o.type.kind === 'bigint' ? `if (typeof ${o.result.value} !== 'number') throw WIDE;` : '';
      writes.push(
        `if (${o.result.isNull}) { if (on${j} === undefined) on${j} = new Uint8Array(count); on${j}[k_] = 1; } else { ${guard} o${j}[k_] = ${value};${measure} }`,
      );
      const values = o.kind === 'string' ? `truncated(o${j}, done_)` : `o${j}.subarray(0, done_)`;
      finals.push(
        `{ kind: '${o.kind}', positionCount: done_, values: ${values}, nulls: on${j} === undefined ? undefined : on${j}.subarray(0, done_) }`,
      );
    } else if (o.kind === 'int64' || o.kind === 'int128') {
      // Long decimals straight into their words: a safe-integer result (what the decimal operators
      // give while values are small) as its 32-bit halves in place, anything else by the helper.
      const halvesPerValue = o.kind === 'int64' ? 2 : 4;
      const write = generator.constantName(o.kind === 'int64' ? writeInt64Value : writeInt128Value);
      const w = `w${j}`;
      const at = `a${j}`;
      const sign =
        o.kind === 'int64' ? '' : `const s${j} = ${w} < 0 ? -1 : 0; oh${j}[${at}] = s${j}; oh${j}[${at} + 1] = s${j};`;
      const low = o.kind === 'int64' ? at : `${at} + 2`;
      declarations.push(
        `const o${j} = new BigInt64Array(${halvesPerValue / 2} * count); const oh${j} = new Int32Array(o${j}.buffer); let on${j};`,
      );
      writes.push(
        `if (${o.result.isNull}) { if (on${j} === undefined) on${j} = new Uint8Array(count); on${j}[k_] = 1; } else { const ${w} = ${o.result.value}; if (typeof ${w} === 'number' && Number.isSafeInteger(${w})) { const ${at} = ${halvesPerValue} * k_; ${sign} oh${j}[${low}] = ${w} >>> 0; oh${j}[${low} + 1] = Math.floor(${w} / 4294967296); } else ${write}(o${j}, k_, ${w}); }`,
      );
      finals.push(
        `{ kind: '${o.kind}', positionCount: done_, values: o${j}.subarray(0, ${halvesPerValue / 2} * done_), nulls: on${j} === undefined ? undefined : on${j}.subarray(0, done_) }`,
      );
    } else {
      declarations.push(`const o${j} = builder(${j}, count);`);
      writes.push(`if (${o.result.isNull}) o${j}.appendNull(); else { o${j}.append(${o.result.value});${measure} }`);
      finals.push(`o${j}.build()`);
    }
  });
  const stop = measured ? `if (size_ > ${PROJECTION_PAGE_UNITS}) { done_ = k_ + 1; break; }` : '';
  const source = `
${prologue(generator)}
${declarations.join('\n')}
let size_ = 0;
let done_ = count;
for (let k_ = 0; k_ < count; k_++) {
const p = selection === null ? k_ : selection[k_];
${generator.statements.join('\n')}
${writes.join('\n')}
${stop}
}
return [${finals.join(', ')}];`;
  const body = compiledBody(
    [
      'page',
      'selection',
      'count',
      'k',
      'view',
      'getValue',
      'ty',
      'interp',
      'tryCatchable',
      'builder',
      'WIDE',
      'truncated',
    ],
    source,
  );
  const k = generator.constants;
  const types = inputTypes(layout);
  const interp = new ExpressionInterpreter({ functions, session });
  const builder = (j: number, count: number) => createBlockBuilder(outputs[j].type, count);
  const generic = interpretedProjection(expressions, layout, interp);
  return (page, selection, count) => {
    try {
      return body(
        page,
        selection,
        count,
        k,
        channelView,
        getValue,
        types,
        interp,
        isTryCatchable,
        builder,
        WIDE_VALUE,
        truncated,
      ) as Block[];
    } catch (e) {
      if (e === WIDE_VALUE) return generic(page, selection, count);
      throw e;
    }
  };
}

/** The first `length` values of a string output array (the array itself when it is all used). */
function truncated(values: string[], length: number): string[] {
  if (length < values.length) values.length = length;
  return values;
}

/** The same projection through the interpreter and builders: the slow, always-correct path. */
export function interpretedProjection(
  expressions: readonly RowExpression[],
  layout: InputLayout,
  interpreter: ExpressionInterpreter,
): CompiledProjection {
  return (page, selection, count) => {
    const builders = expressions.map((e) => createBlockBuilder(e.type, count));
    let size = 0;
    for (let k = 0; k < count; k++) {
      const p = selection === null ? k : selection[k];
      const read = (name: string) => {
        const input = layout.get(name) ?? fail(`symbol ${name} has no input channel`);
        return getValue(page.blocks[input.channel], input.type, p);
      };
      expressions.forEach((e, j) => {
        const value = interpreter.evaluate(e, read);
        if (value === null) builders[j].appendNull();
        else builders[j].append(value);
        if (typeof value === 'string' || value instanceof Uint8Array) size += value.length;
      });
      if (size > PROJECTION_PAGE_UNITS) break;
    }
    return builders.map((b) => b.build());
  };
}
