/**
 * `format(format, args...)`, Trino's: Java's `String.format` over the arguments, which the analyzer
 * passes as one ROW (function-call-analyzer.ts). Supported: `%s %S %b %B %c %C %d %o %x %X %e %E
 * %f %g %G %% %n`, argument indexes (`%2$s`, `%<s`), the flags `- # + space 0 , (`, width and
 * precision, with Java's output (`%e` exponents of at least two digits, `%g` switching to
 * scientific notation outside [1e-4, 10^precision), `%x` of a negative number in two's
 * complement of the argument's width). Values are those Java sees in Trino: dates and timestamps
 * print as java.time does (`2024-01-02T03:04:05.120`), decimals exactly. A conversion that does
 * not apply to its argument, or one Vivace does not support (`%t`, `%a`, `%h`), is
 * INVALID_FUNCTION_ARGUMENT naming the format.
 */
import { isIntegral, isNumeric, type Type } from '../../../types/type.js';
import { textFormatter } from '../cast/varchar-casts.js';
import { invalidArgument } from '../errors.js';

const SPECIFIER = /%(\d+\$|<)?([-#+ 0,(]*)(\d+)?(?:\.(\d+))?([tT]?[a-zA-Z%])/g;
const BITS: Readonly<Record<string, number>> = { tinyint: 8, smallint: 16, integer: 32, bigint: 64 };
const NUMERIC_CONVERSIONS: ReadonlySet<string> = new Set(['d', 'o', 'x', 'X', 'e', 'E', 'f', 'g', 'G']);

export function javaFormat(format: string, values: readonly unknown[], types: readonly Type[]): string {
  let next = 0;
  let previous = -1;
  let out = '';
  let last = 0;
  SPECIFIER.lastIndex = 0;
  for (let match = SPECIFIER.exec(format); match !== null; match = SPECIFIER.exec(format)) {
    out += literalText(format.slice(last, match.index), format);
    last = SPECIFIER.lastIndex;
    const [, index, flags = '', widthText, precisionText, conversion = ''] = match;
    const width = widthText === undefined ? undefined : Number(widthText);
    const precision = precisionText === undefined ? undefined : Number(precisionText);
    if (conversion === '%' || conversion === 'n') {
      out += pad(conversion === '%' ? '%' : '\n', width, flags);
      continue;
    }
    let position: number;
    if (index === '<') position = previous;
    else if (index !== undefined) position = Number(index.slice(0, -1)) - 1;
    else position = next++;
    if (position < 0 || position >= values.length) {
      throw invalidArgument(`Invalid format string: ${format} (missing argument for ${match[0]})`);
    }
    previous = position;
    const text = convert(conversion, values[position], types[position] as Type, flags, precision, format, match[0]);
    out += flags.includes('0') && NUMERIC_CONVERSIONS.has(conversion) ? zeroPad(text, width) : pad(text, width, flags);
  }
  return out + literalText(format.slice(last), format);
}

/** Text between specifiers: a lone `%` there is a malformed specifier. */
function literalText(text: string, format: string): string {
  if (text.includes('%')) throw invalidArgument(`Invalid format string: ${format} (malformed conversion)`);
  return text;
}

/** `%05d`: zeros after the sign (or the parenthesis, or `0x`) up to the width. */
function zeroPad(text: string, width: number | undefined): string {
  if (width === undefined || text.length >= width) return text;
  const prefix = /^([-+ (]?(?:0[xX])?)/.exec(text)?.[1] ?? '';
  return prefix + '0'.repeat(width - text.length) + text.slice(prefix.length);
}

function pad(text: string, width: number | undefined, flags: string): string {
  if (width === undefined || text.length >= width) return text;
  return flags.includes('-') ? text.padEnd(width) : text.padStart(width);
}

function convert(
  conversion: string,
  value: unknown,
  type: Type,
  flags: string,
  precision: number | undefined,
  format: string,
  specifier: string,
): string {
  const mismatch = () =>
    invalidArgument(`Invalid format string: ${format} (${specifier} does not apply to a value of type ${type.kind})`);
  const upper = conversion === conversion.toUpperCase();
  const cased = (text: string) => (upper ? text.toUpperCase() : text);
  switch (conversion) {
    case 's':
    case 'S': {
      const text = value === null ? 'null' : javaText(value, type);
      return cased(precision === undefined ? text : text.slice(0, precision));
    }
    case 'b':
    case 'B': {
      const text = value === null ? 'false' : typeof value === 'boolean' ? String(value) : 'true';
      return cased(precision === undefined ? text : text.slice(0, precision));
    }
    case 'c':
    case 'C': {
      if (value === null) return 'null';
      if (isIntegral(type)) return cased(String.fromCodePoint(Number(value)));
      if (typeof value === 'string' && [...value].length === 1) return cased(value);
      throw mismatch();
    }
    case 'd':
    case 'o':
    case 'x':
    case 'X': {
      if (value === null) return 'null';
      if (!isIntegral(type)) throw mismatch();
      const n = BigInt(value as number | bigint | string);
      if (conversion === 'd') return signed(groupDigits((n < 0n ? -n : n).toString(), flags), n < 0n, flags);
      const unsigned = n < 0n ? BigInt.asUintN(BITS[type.kind] ?? 64, n) : n;
      const digits = unsigned.toString(conversion === 'o' ? 8 : 16);
      const prefixed = flags.includes('#') ? `${conversion === 'o' ? '0' : '0x'}${digits}` : digits;
      return cased(prefixed);
    }
    case 'e':
    case 'E':
    case 'f':
    case 'g':
    case 'G': {
      if (value === null) return 'null';
      if (!isNumeric(type) || isIntegral(type)) throw mismatch();
      const x = Number(type.kind === 'decimal' ? javaText(value, type) : value);
      if (!Number.isFinite(x)) return cased(Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity');
      const digits = floating(conversion.toLowerCase(), Math.abs(x), precision ?? 6, flags);
      return cased(signed(digits, x < 0 || Object.is(x, -0), flags));
    }
    default:
      throw invalidArgument(`Invalid format string: ${format} (unsupported conversion ${specifier})`);
  }
}

/** A magnitude with its sign as the flags ask: `-`, `+`, a space or parentheses. */
function signed(magnitude: string, negative: boolean, flags: string): string {
  if (negative) return flags.includes('(') ? `(${magnitude})` : `-${magnitude}`;
  if (flags.includes('+')) return `+${magnitude}`;
  if (flags.includes(' ')) return ` ${magnitude}`;
  return magnitude;
}

function groupDigits(integerDigits: string, flags: string): string {
  return flags.includes(',') ? integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : integerDigits;
}

function floating(conversion: string, x: number, precision: number, flags: string): string {
  const fixed = (digits: number) => {
    const [whole = '0', fraction] = x.toFixed(digits).split('.');
    return fraction === undefined ? groupDigits(whole, flags) : `${groupDigits(whole, flags)}.${fraction}`;
  };
  const scientific = (digits: number) => {
    const [mantissa = '0', exponent = '0'] = x.toExponential(digits).split('e');
    const e = Number(exponent);
    return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  };
  if (conversion === 'f') return fixed(precision);
  if (conversion === 'e') return scientific(precision);
  // %g: Java rounds to `precision` significant digits, then picks the notation.
  const significant = precision === 0 ? 1 : precision;
  if (x !== 0) {
    const rounded = Number(x.toPrecision(significant));
    if (rounded < 1e-4 || rounded >= 10 ** significant) return scientific(significant - 1);
    const exponent = Math.floor(Math.log10(rounded));
    return fixed(Math.max(0, significant - 1 - exponent));
  }
  return fixed(significant - 1);
}

/** The text Java's toString gives the value Trino passes for `type`. */
function javaText(value: unknown, type: Type): string {
  const text = textFormatter(type)?.(value) ?? String(value);
  if (type.kind === 'timestamp' || type.kind === 'timestamp with time zone') return javaDateTime(text);
  if (type.kind === 'time') return javaTime(text);
  return text;
}

/** `2024-01-02 03:04:05.120` as java.time prints it: `2024-01-02T03:04:05.120`. */
function javaDateTime(text: string): string {
  const space = text.indexOf(' ');
  if (space < 0) return text;
  const rest = text.slice(space + 1);
  const zoneAt = rest.indexOf(' ');
  const time = zoneAt < 0 ? rest : rest.slice(0, zoneAt);
  const zone = zoneAt < 0 ? '' : rest.slice(zoneAt + 1);
  return `${text.slice(0, space)}T${javaTime(time)}${zone === '' ? '' : zone === 'UTC' ? 'Z[UTC]' : `[${zone}]`}`;
}

/** `03:04:00.000` as LocalTime prints it: seconds only when not zero, fractions in groups of three. */
function javaTime(text: string): string {
  const [clock = '', fraction = ''] = text.split('.');
  const digits = fraction.replace(/0+$/, '');
  const [hours, minutes, seconds = '00'] = clock.split(':');
  if (digits === '' && seconds === '00') return `${hours}:${minutes}`;
  if (digits === '') return `${hours}:${minutes}:${seconds}`;
  const groups = Math.ceil(digits.length / 3) * 3;
  return `${hours}:${minutes}:${seconds}.${digits.padEnd(groups, '0')}`;
}
