/**
 * Helpers for connector factories reading their catalog properties: every property a factory
 * does not know is an error at startup (as in Presto, where an unused configuration property
 * stops the server), so a typo never silently falls back to a default.
 */
import { VivaceError } from '../../common/vivace-error.js';

/** Throws CONFIGURATION_INVALID for the first property not in `known`. */
export function checkKnownProperties(properties: Readonly<Record<string, string>>, known: readonly string[]): void {
  for (const name of Object.keys(properties)) {
    if (!known.includes(name)) {
      throw new VivaceError('CONFIGURATION_INVALID', `Configuration property '${name}' was not used`);
    }
  }
}

const DATA_SIZE_UNITS: Readonly<Record<string, number>> = {
  B: 1,
  kB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
  PB: 1024 ** 5,
};

/**
 * Parses a data size as Presto writes them (`128MB`, `1.5GB`, `512kB`, `100B`; units are powers
 * of 1024, spelled case-sensitively as in Airlift) into bytes.
 */
export function parseDataSize(property: string, text: string): number {
  const trimmed = text.trim();
  let split = trimmed.length;
  while (split > 0 && !isNumberChar(trimmed.charCodeAt(split - 1))) split--;
  const number = trimmed.slice(0, split).trim();
  const unit = trimmed.slice(split).trim();
  const multiplier = Object.hasOwn(DATA_SIZE_UNITS, unit) ? DATA_SIZE_UNITS[unit] : undefined;
  const value = Number(number);
  if (number === '' || multiplier === undefined || !Number.isFinite(value) || value < 0) {
    throw new VivaceError(
      'CONFIGURATION_INVALID',
      `Invalid value '${text}' for ${property}: expected a data size such as 128MB (units B, kB, MB, GB, TB, PB)`,
    );
  }
  return Math.floor(value * multiplier);
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46;
}
