/**
 * Numbers as Java (and so Trino) writes and reads them: `Double.toString` / `Float.toString`
 * (shortest digits that round-trip; plain notation for 10^-3 ≤ |x| < 10^7 with at least one
 * fractional digit, else `1.0E10` scientific notation), and the number syntax of
 * `Double.parseDouble` / `Long.parseLong` after Java's `trim()` (which strips every char ≤ U+0020).
 */

/** Java's String.trim(): removes leading and trailing characters ≤ U+0020. */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Java's rendering of (sign, shortest digits, decimal exponent) where value = 0.d1d2... × 10^exponent. */
function javaNotation(negative: boolean, digits: string, exponent: number): string {
  const sign = negative ? '-' : '';
  // Plain notation when 10^-3 ≤ |x| < 10^7, i.e. the decimal point falls after digit `exponent`.
  if (exponent > -3 && exponent <= 7) {
    if (exponent <= 0) return `${sign}0.${'0'.repeat(-exponent)}${digits}`;
    if (digits.length <= exponent) return `${sign}${digits}${'0'.repeat(exponent - digits.length)}.0`;
    return `${sign}${digits.slice(0, exponent)}.${digits.slice(exponent)}`;
  }
  const mantissa = digits.length === 1 ? `${digits}.0` : `${digits[0]}.${digits.slice(1)}`;
  return `${sign}${mantissa}E${exponent - 1}`;
}

/** Splits JS's shortest exponential form `d.dddde±n` into digits and the exponent of 0.dddd × 10^e. */
function shortestDigits(text: string): { digits: string; exponent: number } {
  const e = text.indexOf('e');
  const mantissa = text.slice(0, e).replace('.', '');
  return { digits: mantissa.replace(/0+$/, '') || '0', exponent: Number(text.slice(e + 1)) + 1 };
}

function special(value: number): string | undefined {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'Infinity';
  if (value === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  return undefined;
}

/** Java's Double.toString (JDK 19+ shortest round-trip digits): `1.0E10`, `0.1`, `100.0`, `1.0E-4`. */
export function formatDouble(value: number): string {
  const s = special(value);
  if (s !== undefined) return s;
  const { digits, exponent } = shortestDigits(Math.abs(value).toExponential());
  return javaNotation(value < 0, digits, exponent);
}

/** Java's Float.toString: the shortest digits that read back as the same single-precision value. */
export function formatReal(value: number): string {
  const s = special(value);
  if (s !== undefined) return s;
  const magnitude = Math.abs(value);
  for (let precision = 1; precision <= 9; precision++) {
    const candidate = magnitude.toExponential(precision - 1);
    if (Math.fround(Number(candidate)) === magnitude) {
      const { digits, exponent } = shortestDigits(candidate);
      return javaNotation(value < 0, digits, exponent);
    }
  }
  return formatDouble(value);
}

const DOUBLE_SYNTAX = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;
const HEX_DOUBLE_SYNTAX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)[fFdD]?$/;

/** Java's Double.parseDouble after trim(), or undefined when Java would throw. */
export function parseJavaDouble(text: string): number | undefined {
  const t = javaTrim(text);
  if (DOUBLE_SYNTAX.test(t)) {
    const last = t.charCodeAt(t.length - 1);
    // f/F/d/D suffixes are type markers in Java literals; Number() does not know them.
    const body = last === 0x66 || last === 0x46 || last === 0x64 || last === 0x44 ? t.slice(0, -1) : t;
    return Number(body);
  }
  const hex = HEX_DOUBLE_SYNTAX.exec(t);
  if (hex === null) return undefined;
  const whole = hex[2] ?? '';
  const fraction = hex[3] ?? '';
  if (whole === '' && fraction === '') return undefined;
  let mantissa = 0;
  for (const c of whole + fraction) mantissa = mantissa * 16 + Number.parseInt(c, 16);
  const value = mantissa * 2 ** (Number(hex[4]) - 4 * fraction.length);
  return hex[1] === '-' ? -value : value;
}

const INTEGER_SYNTAX = /^[+-]?\d+$/;

/** Java's Long.parseLong-style parse after trim(): the exact integer, or undefined. */
export function parseJavaInteger(text: string): bigint | undefined {
  const t = javaTrim(text);
  return INTEGER_SYNTAX.test(t) ? BigInt(t) : undefined;
}
