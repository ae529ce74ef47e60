/**
 * The SPI's tuple domain (spi/tuple-domain.ts) as the lake foundations' pruning domain
 * (domain.ts): the same ranges, and a list of values where every range is a single value (an `=`
 * or `IN`), which bloom filters can probe. Both use the engine's value representation.
 */
import type { ColumnDomain, TupleDomain } from '../../../spi/tuple-domain.js';
import type { LakeColumnDomain, LakeDomain } from '../domain.js';

function columnDomain(domain: ColumnDomain): LakeColumnDomain {
  const ranges = domain.ranges;
  if (ranges === undefined) return { nullAllowed: domain.nullAllowed };
  const single = ranges.every(
    (r) =>
      r.low !== undefined &&
      r.high !== undefined &&
      r.low.inclusive &&
      r.high.inclusive &&
      r.low.value === r.high.value,
  );
  if (single) return { nullAllowed: domain.nullAllowed, values: ranges.map((r) => r.low?.value) };
  return { nullAllowed: domain.nullAllowed, ranges };
}

export function lakeDomain(...domains: (TupleDomain | undefined)[]): LakeDomain | undefined {
  const present = domains.filter((d): d is TupleDomain => d !== undefined);
  if (present.length === 0) return undefined;
  if (present.some((d) => d.none === true)) return { none: true, columns: {} };
  const columns: Record<string, LakeColumnDomain> = {};
  for (const domain of present) {
    for (const [name, column] of Object.entries(domain.columns)) {
      // The first domain given for a column wins: each alone is correct, both together only narrower.
      columns[name] ??= columnDomain(column);
    }
  }
  return { columns };
}
