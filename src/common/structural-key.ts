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
