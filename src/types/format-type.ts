/**
 * Prints types the two ways Trino does.
 *
 * `formatType` is Trino's display name (`Type.getDisplayName()`), which is what the statement
 * protocol sends in `columns[].type` and what `typeof()` returns. Verified against Trino's sources:
 * parameters of decimal and of `function(...)` are joined by a bare comma (`decimal(12,2)`,
 * `function(bigint,bigint)`, the last one being the return type); `map(K, V)` and `row(...)` use a
 * comma and a space; row fields print as `name type` with the name as stored, NOT quoted (Trino's
 * RowType.getDisplayName has a TODO about that); unbounded varchar is `varchar`; the time zone suffix
 * follows the precision: `timestamp(3) with time zone`.
 *
 * `formatTypeSignature` is Trino's `TypeSignature.toString()`: every parameter list is joined by a
 * bare comma and row field names are always double-quoted with `"` doubled
 * (`row("a" bigint,"x""y" varchar)`), so it parses back to exactly the same type.
 */
import type { Type } from './type.js';

/** The display name of a type, as Trino prints it in `columns[].type` and `typeof()`. */
export function formatType(t: Type): string {
  return print(t, true);
}

/** The canonical, always re-parseable signature (Trino's TypeSignature text). */
export function formatTypeSignature(t: Type): string {
  return print(t, false);
}

/** A row field name as a delimited identifier: `"a"`, `"x""y"`. */
export function quoteFieldName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function print(t: Type, display: boolean): string {
  switch (t.kind) {
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'varchar':
      return t.length === undefined ? 'varchar' : `varchar(${t.length})`;
    case 'char':
      return `char(${t.length})`;
    case 'time':
      return `time(${t.precision})`;
    case 'timestamp':
      return `timestamp(${t.precision})`;
    case 'time with time zone':
      return `time(${t.precision}) with time zone`;
    case 'timestamp with time zone':
      return `timestamp(${t.precision}) with time zone`;
    case 'array':
      return `array(${print(t.element, display)})`;
    case 'map':
      return `map(${print(t.key, display)}${display ? ', ' : ','}${print(t.value, display)})`;
    case 'row': {
      let text = 'row(';
      for (let i = 0; i < t.fields.length; i++) {
        const field = t.fields[i];
        if (i > 0) text += display ? ', ' : ',';
        if (field.name !== undefined) text += `${display ? field.name : quoteFieldName(field.name)} `;
        text += print(field.type, display);
      }
      return `${text})`;
    }
    case 'function': {
      let text = 'function(';
      for (const argument of t.arguments) text += `${print(argument, display)},`;
      return `${text}${print(t.returnType, display)})`;
    }
    default:
      return t.kind;
  }
}
