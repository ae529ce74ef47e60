/**
 * A text key for plain data (expressions, plan fragments, constants) that is equal exactly when
 * the data is structurally equal. JSON.stringify alone is not such a key: it writes NaN, Infinity
 * and -Infinity all as `null`, -0 as `0`, `undefined` array items as `null`, every Map as `{}`,
 * and throws on a bigint, so `SELECT 1e309, -1e400` once became two columns of one constant
 * (issue 13). Here those values are written as tagged objects no plain data contains.
 */

/** `value` as text; properties whose name `omit` accepts (such as source positions) are left out. */
export function structuralKey(value: unknown, omit?: (property: string) => boolean): string {
  if (omit === undefined) return JSON.stringify(value, tagged);
  return JSON.stringify(value, function (this: unknown, property: string, item: unknown) {
    return omit(property) ? undefined : tagged.call(this, property, item);
  });
}

function tagged(this: unknown, _property: string, item: unknown): unknown {
  switch (typeof item) {
    case 'number':
      if (Number.isFinite(item) && !Object.is(item, -0)) return item;
      return { $number: Object.is(item, -0) ? '-0' : String(item) };
    case 'bigint':
      return { $bigint: item.toString() };
    case 'undefined':
      // Absent properties stay absent; an array's undefined item is not its null.
      return Array.isArray(this) ? { $undefined: true } : undefined;
    case 'object':
      if (item instanceof Map) return { $map: [...item] };
      if (item instanceof Uint8Array) return { $bytes: Buffer.from(item).toString('hex') };
      return item;
    default:
      return item;
  }
}

/**
 * Whether `a` and `b` are structurally equal, as their `structuralKey`s would say (numbers by
 * `Object.is`, so -0 is not 0 and NaN is NaN; bigints by value; maps by their entries in order;
 * byte arrays by their bytes; properties that are undefined or omitted count as absent), except
 * that property order does not matter. Without building either key: shared subtrees (the same
 * object on both sides, which is most of a plan a rule rebuilt in one place) are equal at once,
 * and the walk stops at the first difference.
 */
export function structurallyEqual(a: unknown, b: unknown, omit?: (property: string) => boolean): boolean {
  if (typeof a !== typeof b) return false;
  if (typeof a === 'number') return Object.is(a, b);
  if (a === b) return true;
  if (typeof a === 'object') return a !== null && b !== null && objectsEqual(a as object, b as object, omit);
  // Strings, booleans and bigints that are not === differ; functions (never in plain data) count as absent.
  return typeof a === 'function';
}

function objectsEqual(a: object, b: object, omit: ((property: string) => boolean) | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!structurallyEqual(a[i], b[i], omit)) return false;
    return true;
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map) || !(b instanceof Map) || a.size !== b.size) return false;
    return structurallyEqual([...a], [...b], omit);
  }
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array) || !(b instanceof Uint8Array)) return false;
    return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
  }
  if (
    typeof (a as { toJSON?: unknown }).toJSON === 'function' ||
    typeof (b as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return structuralKey(a, omit) === structuralKey(b, omit);
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let counted = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key) || omit?.(key)) continue;
    const value = left[key];
    if (value === undefined || typeof value === 'function') continue;
    counted++;
    if (!structurallyEqual(value, right[key], omit)) return false;
  }
  // Every present property of `a` matched one of `b`; `b` must have no others.
  for (const key in right) {
    if (!Object.hasOwn(right, key) || omit?.(key)) continue;
    const value = right[key];
    if (value === undefined || typeof value === 'function') continue;
    counted--;
  }
  return counted === 0;
}
