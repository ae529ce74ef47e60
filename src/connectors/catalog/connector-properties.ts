/**
 * Helpers for connector factories reading their catalog properties: every property a factory
 * does not know is an error at startup (as in Presto, where an unused configuration property
 * stops the server), so a typo never silently falls back to a default.
 */
import { DATA_SIZE_FORM, dataSizeBytes } from '../../common/units.js';
import { VivaceError } from '../../common/vivace-error.js';

/** Throws CONFIGURATION_INVALID for the first property not in `known`. */
export function checkKnownProperties(properties: Readonly<Record<string, string>>, known: readonly string[]): void {
  for (const name of Object.keys(properties)) {
    if (!known.includes(name)) {
      throw new VivaceError('CONFIGURATION_INVALID', `Configuration property '${name}' was not used`);
    }
  }
}

/**
 * Bytes of a data-size property (`128MB`, `1.5GB`, `512kB`; see common/units.ts for the rules);
 * CONFIGURATION_INVALID naming the property otherwise.
 */
export function parseDataSize(property: string, text: string): number {
  const bytes = dataSizeBytes(text);
  if (bytes === undefined) {
    throw new VivaceError(
      'CONFIGURATION_INVALID',
      `Invalid value '${text}' for ${property}: expected ${DATA_SIZE_FORM}`,
    );
  }
  return bytes;
}

/** A true/false property (any case), `fallback` when absent; CONFIGURATION_INVALID otherwise. */
export function booleanProperty(properties: Readonly<Record<string, string>>, key: string, fallback: boolean): boolean {
  const text = properties[key]?.trim().toLowerCase();
  if (text === undefined) return fallback;
  if (text !== 'true' && text !== 'false') {
    throw new VivaceError('CONFIGURATION_INVALID', `${key} must be true or false, not '${properties[key]}'`);
  }
  return text === 'true';
}
