/**
 * Reading and writing the numbers the resources carry. Records use airlift's strings for
 * durations ("1.50s", "12.00ms") and data sizes ("3.20MB"); summaries use plain numbers. The
 * parsers accept both, so the pages work whichever form a resource chose.
 */

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const SIZE_UNITS: Record<string, number> = {
  B: 1,
  kB: 1024,
  KB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
  PB: 1024 ** 5,
};

/** Milliseconds of an airlift duration string, or a number taken as milliseconds; undefined if neither. */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*([\d.]+)\s*([a-z]+)\s*$/.exec(value);
  if (!match) return undefined;
  const unit = DURATION_UNITS[match[2]!];
  return unit === undefined ? undefined : Number(match[1]) * unit;
}

/** Bytes of an airlift data size string, or a number taken as bytes; undefined if neither. */
export function parseDataSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*([\d.]+)\s*([a-zA-Z]+)\s*$/.exec(value);
  if (!match) return undefined;
  const unit = SIZE_UNITS[match[2]!];
  return unit === undefined ? undefined : Number(match[1]) * unit;
}

/** Epoch milliseconds of an ISO timestamp or a number; undefined if neither. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '–';
  if (ms < 1) return `${(ms * 1000).toFixed(0)}µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 1 : 0)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 2 : 1)}s`;
  const m = s / 60;
  if (m < 60) return `${Math.floor(m)}m ${Math.round(s % 60)}s`;
  return `${Math.floor(m / 60)}h ${Math.round(m % 60)}m`;
}

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** Compact counts: 950, 12.3K, 4.56M, 7.8B. */
export function formatCount(count: number | undefined): string {
  if (count === undefined) return '–';
  const abs = Math.abs(count);
  if (abs < 1000) return Number.isInteger(count) ? String(count) : count.toFixed(1);
  if (abs < 1e6) return `${(count / 1e3).toFixed(abs < 1e4 ? 2 : 1)}K`;
  if (abs < 1e9) return `${(count / 1e6).toFixed(abs < 1e7 ? 2 : 1)}M`;
  return `${(count / 1e9).toFixed(2)}B`;
}

export function formatClock(ms: number | undefined): string {
  if (ms === undefined) return '–';
  return new Date(ms).toLocaleTimeString([], { hour12: false });
}
