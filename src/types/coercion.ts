/**
 * Implicit coercions, following Trino's TypeCoercion (checked against its source):
 *
 * - `unknown` (the type of NULL) coerces to every type.
 * - One-step base widenings: tinyint → smallint, integer, bigint, real, double, decimal(3,0);
 *   smallint → integer, bigint, real, double, decimal(5,0); integer → bigint, real, double,
 *   decimal(10,0); bigint → real, double, decimal(19,0); decimal → real, double; real → double;
 *   date → timestamp(0) and timestamp(0) with time zone; time(p) → time(p) with time zone;
 *   timestamp(p) → timestamp(p) with time zone; char(n) → varchar(n). varchar does NOT coerce to char
 *   (Trino dropped that "legacy" rule), and nothing coerces to varbinary, json or the intervals.
 * - Within one base, the common super type widens the parameters: decimals keep the larger integer
 *   part and the larger scale (precision capped at 38, so `decimal(38,0)` + `decimal(38,10)` is
 *   `decimal(38,10)`, as in Trino: the loss is checked at run time); varchar takes the larger length
 *   and unbounded wins; char the larger length; time/timestamp (with or without zone) the larger
 *   precision. A coercion from A to B is allowed when the common super type of A and B is B itself.
 * - array and map are covariant, element by element; rows of equal arity combine field by field,
 *   keeping a field's name only where both rows agree, and names never block a coercion.
 * - function types only match themselves.
 */
import {
  arrayOf,
  BIGINT,
  char,
  type DecimalType,
  DOUBLE,
  decimal,
  INTEGER,
  isDecimalShort,
  MAX_DECIMAL_PRECISION,
  mapOf,
  REAL,
  type RowField,
  rowOf,
  SMALLINT,
  type TemporalType,
  type Type,
  type TypeKind,
  timestamp,
  typeEquals,
  varchar,
} from './type.js';

/** The outcome of comparing two types: their common super type, and whether the first coerces to the second. */
export interface TypeCompatibility {
  readonly superType: Type;
  /** True when a value of the first type can be implicitly converted to the second type. */
  readonly coercible: boolean;
}

/** Whether a value of type `from` may be used where `to` is expected without an explicit CAST. */
export function canCoerce(from: Type, to: Type): boolean {
  return typeCompatibility(from, to)?.coercible === true;
}

/** The narrowest type both `a` and `b` coerce to, or undefined when there is none. */
export function commonSuperType(a: Type, b: Type): Type | undefined {
  return typeCompatibility(a, b)?.superType;
}

/**
 * The common super type of a list (CASE branches, VALUES rows, IN lists, array constructors); undefined
 * for an empty list or when two members have none.
 */
export function commonSuperTypeOf(types: readonly Type[]): Type | undefined {
  if (types.length === 0) return undefined;
  let result: Type | undefined = types[0];
  for (let i = 1; i < types.length && result !== undefined; i++) result = commonSuperType(result, types[i]);
  return result;
}

/**
 * Whether coercing `from` to `to` needs no work at run time: the values are already valid values of
 * `to` in the same representation (varchar(3) → varchar, decimal(5,2) → decimal(10,2) while both
 * stay short or both long, and containers of such).
 */
export function isTypeOnlyCoercion(from: Type, to: Type): boolean {
  if (typeEquals(from, to)) return true;
  if (!canCoerce(from, to)) return false;
  if (from.kind === 'varchar' && to.kind === 'varchar') return true;
  if (from.kind === 'decimal' && to.kind === 'decimal') {
    return isDecimalShort(from) === isDecimalShort(to) && from.scale === to.scale && from.precision <= to.precision;
  }
  if (from.kind === 'row' && to.kind === 'row') {
    return from.fields.every((f, i) => isTypeOnlyCoercion(f.type, to.fields[i].type));
  }
  if (from.kind === 'array' && to.kind === 'array') return isTypeOnlyCoercion(from.element, to.element);
  if (from.kind === 'map' && to.kind === 'map') {
    return isTypeOnlyCoercion(from.key, to.key) && isTypeOnlyCoercion(from.value, to.value);
  }
  return false;
}

/**
 * Compares `from` with `to`: undefined when they have no common super type, else that type and
 * whether `from` coerces to `to`. Symmetric in the super type, not in `coercible`.
 */
export function typeCompatibility(from: Type, to: Type): TypeCompatibility | undefined {
  if (from.kind === 'unknown' || typeEquals(from, to)) return { superType: to, coercible: true };
  if (to.kind === 'unknown') return { superType: from, coercible: false };

  if (from.kind === to.kind) return sameBaseCompatibility(from, to);

  const widenedFrom = widenBase(from, to.kind);
  if (widenedFrom !== undefined) return typeCompatibility(widenedFrom, to);

  const widenedTo = widenBase(to, from.kind);
  if (widenedTo !== undefined) {
    const result = typeCompatibility(from, widenedTo);
    return result === undefined ? undefined : { superType: result.superType, coercible: false };
  }
  return undefined;
}

function sameBaseCompatibility(from: Type, to: Type): TypeCompatibility | undefined {
  let superType: Type;
  switch (from.kind) {
    case 'decimal': {
      const other = to as DecimalType;
      const scale = Math.max(from.scale, other.scale);
      const integerDigits = Math.max(from.precision - from.scale, other.precision - other.scale);
      superType = decimal(Math.min(MAX_DECIMAL_PRECISION, integerDigits + scale), scale);
      break;
    }
    case 'varchar': {
      const otherLength = (to as { length?: number }).length;
      superType =
        from.length === undefined || otherLength === undefined
          ? varchar()
          : varchar(Math.max(from.length, otherLength));
      break;
    }
    case 'char':
      superType = char(Math.max(from.length, (to as { length: number }).length));
      break;
    case 'time':
    case 'time with time zone':
    case 'timestamp':
    case 'timestamp with time zone':
      superType = { kind: from.kind, precision: Math.max(from.precision, (to as TemporalType).precision) };
      break;
    case 'array': {
      const element = typeCompatibility(from.element, (to as typeof from).element);
      if (element === undefined) return undefined;
      return { superType: arrayOf(element.superType), coercible: element.coercible };
    }
    case 'map': {
      const other = to as typeof from;
      const key = typeCompatibility(from.key, other.key);
      const value = key && typeCompatibility(from.value, other.value);
      if (key === undefined || value === undefined) return undefined;
      return { superType: mapOf(key.superType, value.superType), coercible: key.coercible && value.coercible };
    }
    case 'row':
      return rowCompatibility(from.fields, (to as typeof from).fields);
    default:
      // Equal simple types were handled by the caller; function types only match themselves.
      return undefined;
  }
  return { superType, coercible: typeEquals(superType, to) };
}

function rowCompatibility(from: readonly RowField[], to: readonly RowField[]): TypeCompatibility | undefined {
  if (from.length !== to.length) return undefined;
  const fields: RowField[] = [];
  let coercible = true;
  for (let i = 0; i < from.length; i++) {
    const a = from[i];
    const b = to[i];
    const field = typeCompatibility(a.type, b.type);
    if (field === undefined) return undefined;
    coercible &&= field.coercible;
    fields.push(
      a.name !== undefined && a.name === b.name ? { name: a.name, type: field.superType } : { type: field.superType },
    );
  }
  return { superType: rowOf(fields), coercible };
}

/** The one-step implicit widening of `source` into the base type `target`, if there is one. */
function widenBase(source: Type, target: TypeKind): Type | undefined {
  switch (source.kind) {
    case 'tinyint':
      return integralWidening(target, 3, SMALLINT, INTEGER, BIGINT);
    case 'smallint':
      return integralWidening(target, 5, INTEGER, BIGINT);
    case 'integer':
      return integralWidening(target, 10, BIGINT);
    case 'bigint':
      return integralWidening(target, 19);
    case 'decimal':
      return target === 'real' ? REAL : target === 'double' ? DOUBLE : undefined;
    case 'real':
      return target === 'double' ? DOUBLE : undefined;
    case 'date':
      if (target === 'timestamp') return timestamp(0, false);
      if (target === 'timestamp with time zone') return timestamp(0, true);
      return undefined;
    case 'time':
      return target === 'time with time zone'
        ? { kind: 'time with time zone', precision: source.precision }
        : undefined;
    case 'timestamp':
      return target === 'timestamp with time zone' ? timestamp(source.precision, true) : undefined;
    case 'char':
      return target === 'varchar' ? varchar(source.length) : undefined;
    default:
      return undefined;
  }
}

/** An integral type widens to the wider integral types listed, to real and double, and to decimal(digits,0). */
function integralWidening(target: TypeKind, digits: number, ...wider: Type[]): Type | undefined {
  if (target === 'real') return REAL;
  if (target === 'double') return DOUBLE;
  if (target === 'decimal') return decimal(digits, 0);
  return wider.find((t) => t.kind === target);
}
