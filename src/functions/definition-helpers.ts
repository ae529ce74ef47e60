/**
 * Shorthands the function catalogs are written with: one call per signature, and `overloads` for a
 * family that differs only by type (`abs(tinyint):tinyint`, `abs(smallint):smallint`, ...).
 */
import type { FunctionDefinition } from './function-signature.js';

export type DefinitionOptions = Omit<FunctionDefinition, 'kind' | 'signature' | 'description'>;

export function scalar(signature: string, description: string, options: DefinitionOptions = {}): FunctionDefinition {
  return { kind: 'scalar', signature, description, ...options };
}

export function aggregate(signature: string, description: string, options: DefinitionOptions = {}): FunctionDefinition {
  return { kind: 'aggregate', signature, description, ...options };
}

export function window(signature: string, description: string, options: DefinitionOptions = {}): FunctionDefinition {
  return { kind: 'window', signature, description, ...options };
}

/** One definition per type, built by `define`; `$T` in a template stands for the type. */
export function overloads(
  types: readonly string[],
  define: (signature: (template: string) => string, type: string) => FunctionDefinition,
): FunctionDefinition[] {
  return types.map((type) => define((template) => template.replaceAll('$T', type), type));
}

export const INTEGRAL_TYPES = ['tinyint', 'smallint', 'integer', 'bigint'] as const;
export const FLOATING_TYPES = ['real', 'double'] as const;
export const NUMERIC_TYPES = [...INTEGRAL_TYPES, ...FLOATING_TYPES] as const;
/** Date/time types with a precision variable, as patterns. */
export const DATETIME_PATTERNS = [
  'time(p)',
  'time(p) with time zone',
  'timestamp(p)',
  'timestamp(p) with time zone',
] as const;
export const TIMESTAMP_PATTERNS = ['timestamp(p)', 'timestamp(p) with time zone'] as const;
