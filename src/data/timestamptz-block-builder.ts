/**
 * The builder of the timestamptz layout (millis + zone keys + picos for precisions above 3), used by
 * timestamp with time zone, time with time zone and timestamp(7..12). For timestamp(7..12) the zone
 * must be UTC: the millis are the wall clock, not an instant in some zone.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { TemporalType, Type } from '../types/type.js';
import type { Block, FlatBlock } from './block.js';
import { timestampTzBlock } from './block.js';
import type { ZonedValue } from './block-values.js';
import { BaseBlockBuilder, resized } from './flat-block-builders.js';
import { hasPicos } from './physical-type.js';
import { isValidZoneKey, UTC_ZONE_KEY, zoneKeyOf } from './time-zones.js';

const PICOS_PER_MILLI = 1_000_000_000;

export class TimestampTzBlockBuilder extends BaseBlockBuilder {
  private millis = new Float64Array(0);
  private zones = new Int16Array(0);
  private picos: Int32Array | undefined;
  private readonly withPicos: boolean;

  constructor(
    type: Type,
    expectedPositions: number,
    private readonly utcOnly: boolean,
  ) {
    super(type, expectedPositions);
    this.withPicos = hasPicos(type as TemporalType);
    this.picos = this.withPicos ? new Int32Array(0) : undefined;
  }

  override appendZoned(millis: number, picos: number, zoneKey: number): void {
    if (zoneKey !== UTC_ZONE_KEY && (this.utcOnly || !isValidZoneKey(zoneKey))) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Invalid zone key ${zoneKey} for ${this.type.kind}`);
    }
    if (picos !== 0 && (!this.withPicos || !(picos > 0 && picos < PICOS_PER_MILLI && Number.isInteger(picos)))) {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Invalid picoseconds ${picos} for ${this.type.kind}`);
    }
    const n = this.positionCount;
    if (n === this.capacity) this.grow();
    this.millis[n] = millis;
    this.zones[n] = zoneKey;
    if (this.picos !== undefined) this.picos[n] = picos;
    this.positionCount = n + 1;
  }

  protected appendValue(value: unknown): void {
    if (typeof value !== 'object' || value === null || typeof (value as ZonedValue).millis !== 'number') {
      this.mismatch(value);
    }
    const zoned = value as ZonedValue;
    this.appendZoned(zoned.millis, zoned.picos ?? 0, zoned.zone === undefined ? UTC_ZONE_KEY : zoneKeyOf(zoned.zone));
  }

  protected appendFlat(block: FlatBlock, position: number): void {
    if (block.kind !== 'timestamptz') this.mismatch(block);
    this.appendZoned(block.millis[position], block.picos?.[position] ?? 0, block.zones[position]);
  }

  protected resizeValues(capacity: number): void {
    const count = this.positionCount;
    this.millis = resized(this.millis, capacity, count);
    this.zones = resized(this.zones, capacity, count);
    if (this.picos !== undefined) this.picos = resized(this.picos, capacity, count);
  }

  protected buildBlock(nulls: Uint8Array | undefined): Block {
    const count = this.positionCount;
    const exact = count === this.capacity;
    return timestampTzBlock(
      exact ? this.millis : this.millis.slice(0, count),
      exact ? this.zones : this.zones.slice(0, count),
      this.picos === undefined ? undefined : exact ? this.picos : this.picos.slice(0, count),
      nulls,
    );
  }

  protected resetValues(): void {
    this.millis = new Float64Array(0);
    this.zones = new Int16Array(0);
    this.picos = this.withPicos ? new Int32Array(0) : undefined;
  }
}
