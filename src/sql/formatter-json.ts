/**
 * Prints the SQL/JSON functions (JSON_EXISTS, JSON_VALUE, JSON_QUERY, JSON_OBJECT, JSON_ARRAY) in
 * their own syntax, writing only the clauses that differ from the defaults the parser fills in.
 * The expression formatter passes in how it prints operands, strings, types and identifiers (this
 * module imports nothing of it, so there is no import cycle).
 */
import type {
  DataType,
  Expression,
  Identifier,
  JsonArray,
  JsonExists,
  JsonFormat,
  JsonObject,
  JsonPathInvocation,
  JsonQuery,
  JsonQueryBehavior,
  JsonValue,
  JsonValueBehavior,
} from './ast.js';

export interface JsonPrinter {
  /** An expression where a function argument goes. */
  operand(e: Expression): string;
  stringLiteral(value: string): string;
  dataType(type: DataType): string;
  identifier(id: Identifier): string;
}

export type JsonFunction = JsonExists | JsonValue | JsonQuery | JsonObject | JsonArray;

export function formatJsonFunction(e: JsonFunction, p: JsonPrinter): string {
  switch (e.kind) {
    case 'JsonExists': {
      const onError = e.onError === 'FALSE' ? '' : ` ${e.onError} ON ERROR`;
      return `JSON_EXISTS(${invocation(e.invocation, p)}${onError})`;
    }
    case 'JsonValue': {
      let out = `JSON_VALUE(${invocation(e.invocation, p)}`;
      if (e.returnType) out += ` RETURNING ${p.dataType(e.returnType)}`;
      out += valueBehavior(e.onEmpty, 'EMPTY', p) + valueBehavior(e.onError, 'ERROR', p);
      return `${out})`;
    }
    case 'JsonQuery': {
      let out = `JSON_QUERY(${invocation(e.invocation, p)}${returning(e.returnType, e.outputFormat, p)}`;
      if (e.wrapper !== 'WITHOUT') out += ` WITH ${e.wrapper} ARRAY WRAPPER`;
      if (e.quotes) out += ` ${e.quotes} QUOTES`;
      out += queryBehavior(e.onEmpty, 'EMPTY') + queryBehavior(e.onError, 'ERROR');
      return `${out})`;
    }
    case 'JsonObject': {
      const members = e.members.map((m) => `KEY ${p.operand(m.key)} VALUE ${p.operand(m.value)}${format(m.format)}`);
      let clauses = e.nullOnNull ? '' : ' ABSENT ON NULL';
      if (e.uniqueKeys) clauses += ' WITH UNIQUE KEYS';
      clauses += returning(e.returnType, e.outputFormat, p);
      return `JSON_OBJECT(${(members.join(', ') + clauses).trimStart()})`;
    }
    case 'JsonArray': {
      const elements = e.elements.map((x) => `${p.operand(x.value)}${format(x.format)}`);
      let clauses = e.nullOnNull ? ' NULL ON NULL' : '';
      clauses += returning(e.returnType, e.outputFormat, p);
      return `JSON_ARRAY(${(elements.join(', ') + clauses).trimStart()})`;
    }
  }
}

function invocation(i: JsonPathInvocation, p: JsonPrinter): string {
  let out = `${p.operand(i.input)}${format(i.inputFormat)}, ${p.stringLiteral(i.path.value)}`;
  if (i.passing.length > 0) {
    const parameters = i.passing.map((x) => `${p.operand(x.value)}${format(x.format)} AS ${p.identifier(x.name)}`);
    out += ` PASSING ${parameters.join(', ')}`;
  }
  return out;
}

function format(f: JsonFormat | undefined): string {
  if (f === undefined) return '';
  return f.encoding === undefined ? ' FORMAT JSON' : ` FORMAT JSON ENCODING ${f.encoding}`;
}

function returning(type: DataType | undefined, f: JsonFormat | undefined, p: JsonPrinter): string {
  return type === undefined ? '' : ` RETURNING ${p.dataType(type)}${format(f)}`;
}

function valueBehavior(b: JsonValueBehavior, on: string, p: JsonPrinter): string {
  if (b.type === 'NULL') return '';
  if (b.type === 'ERROR') return ` ERROR ON ${on}`;
  return ` DEFAULT ${p.operand(b.value as Expression)} ON ${on}`;
}

function queryBehavior(b: JsonQueryBehavior, on: string): string {
  if (b === 'NULL') return '';
  return ` ${b.replace('_', ' ')} ON ${on}`;
}
