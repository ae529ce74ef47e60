/**
 * Text of numbers as Presto/Trino print them: decimals with exactly their scale (`12.30`, `-0.05`),
 * and Java's `Double.toString` / `Float.toString` forms (`1.0`, `1.0E10`, `1.234E-5`), which the
 * statement protocol uses for map keys and which casts to varchar follow. Digits are the shortest
 * that read back to the same value, as both JS and Java (since JDK 19) produce them.
 */

const POWERS_OF_TEN: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** The decimal text of an unscaled value (number for precision ≤ 15, bigint beyond) and a scale. */
export function formatDecimal(unscaled: number | bigint, scale: number): string {
  if (typeof unscaled === 'number' && scale <= 15) {
    // Exact: |unscaled| < 2^53 and the power of ten is exact, so quotient and remainder are integers.
    const abs = Math.abs(unscaled);
    const sign = unscaled < 0 ? '-' : '';
    if (scale === 0) return `${sign}${abs}`;
    const power = POWERS_OF_TEN[scale];
    const integer = Math.floor(abs / power);
    const fraction = String(abs - integer * power);
    return `${sign}${integer}.${fraction.length === scale ? fraction : fraction.padStart(scale, '0')}`;
  }
  const negative = unscaled < 0;
  let digits = typeof unscaled === 'bigint' ? (negative ? -unscaled : unscaled).toString() : String(Math.abs(unscaled));
  if (scale > 0) {
    if (digits.length <= scale) digits = digits.padStart(scale + 1, '0');
    const point = digits.length - scale;
    digits = `${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  return negative ? `-${digits}` : digits;
}

/**
 * The float32 `value` as the double with the fewest significant digits that rounds back to it (what
 * Java's Float.toString prints). Rounds with arithmetic rather than toPrecision, which is ~50× slower;
 * magnitudes whose powers of ten are inexact in doubles take the toPrecision path.
 */
export function shortestFloat32(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const abs = Math.abs(value);
  if (abs < 1e-15 || abs >= 1e15) return shortestFloat32ByText(value);
  let exponent = Math.floor(Math.log10(abs));
  if (10 ** exponent > abs) exponent--;
  for (let digits = 1; digits < 9; digits++) {
    const shift = digits - 1 - exponent;
    const candidate =
      shift >= 0
        ? Math.round(abs * POWERS_OF_TEN[shift]) / POWERS_OF_TEN[shift]
        : Math.round(abs / POWERS_OF_TEN[-shift]) * POWERS_OF_TEN[-shift];
    if (Math.fround(candidate) === abs) return value < 0 ? -candidate : candidate;
  }
  return Number(value.toPrecision(9));
}

/** The reference: rounding through decimal text. */
export function shortestFloat32ByText(value: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return Number(value.toPrecision(9));
}

/** Java's Double.toString. */
export function javaDoubleString(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'Infinity';
  if (value === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  // toExponential() gives the shortest round-tripping digits: "d.ddde±x".
  const exponential = abs.toExponential();
  const e = exponential.indexOf('e');
  const digits = exponential.slice(0, e).replace('.', '');
  const exponent = Number(exponential.slice(e + 1));
  if (abs >= 1e-3 && abs < 1e7) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const integerPart = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fractionPart = digits.slice(exponent + 1);
    return `${sign}${integerPart}.${fractionPart === '' ? '0' : fractionPart}`;
  }
  const fraction = digits.slice(1);
  return `${sign}${digits[0]}.${fraction === '' ? '0' : fraction}E${exponent}`;
}

/** Java's Float.toString of a float32 value. */
export function javaFloatString(value: number): string {
  return javaDoubleString(shortestFloat32(value));
}
