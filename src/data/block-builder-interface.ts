/**
 * The contract of every block builder (block-builder.ts creates them and explains their use). Kept in
 * its own module so that the builder classes and the factory can all import it without a cycle.
 */
import type { Type } from '../types/type.js';
import type { Block } from './block.js';

export interface BlockBuilder {
  /** The SQL type of the values appended. */
  readonly type: Type;
  /** Positions appended since the last build. */
  readonly positionCount: number;
  appendNull(): void;
  /** Appends the JS value representation of `type`; null and undefined append a NULL. */
  append(value: unknown): void;
  appendBoolean(value: boolean): void;
  /** int32-backed types: tinyint, smallint, integer, date (days), interval year to month (months). */
  appendInt32(value: number): void;
  /** float64-backed types (double, bigint, short decimal unscaled, time, timestamp(≤6), interval ds). */
  appendFloat64(value: number): void;
  /** real. */
  appendFloat32(value: number): void;
  /** bigint, decimal(16..38) unscaled (and short decimals, converted). */
  appendBigInt(value: bigint): void;
  appendString(value: string): void;
  appendBinary(value: Uint8Array): void;
  /** timestamptz layout: timestamp with time zone, time with time zone, timestamp(7..12). */
  appendZoned(millis: number, picos: number, zoneKey: number): void;
  /** Copies position `position` of `block` (a block of the same type, any encoding). */
  appendFrom(block: Block, position: number): void;
  /** The appended values as an immutable block; the builder is reset for reuse. */
  build(): Block;
}
