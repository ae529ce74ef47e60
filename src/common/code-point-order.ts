/**
 * The order SQL gives varchar values: by Unicode code point, which is UTF-8 byte order (Trino's
 * Slice comparison). JavaScript's `<` compares UTF-16 units instead, which differs only when a
 * surrogate (a code point above U+FFFF) meets a unit in U+E000..U+FFFF. The one copy of this
 * rule: functions, the planner's constants, SPI values and the lake connector's pruning use it.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (0xD800..0xDFFF) encode code points above 0xFFFF: they sort after every BMP unit.
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
