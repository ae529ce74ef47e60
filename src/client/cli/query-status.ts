/**
 * The live status a terminal shows on stderr while a query runs, and the summary after it, in
 * the style of Presto's CLI: query id, state, nodes and splits; elapsed time, rows and bytes with
 * their rates, and a progress bar from the split counts.
 */
import type { StatementStats } from '../query-results.js';

export function formatCount(n: number): string {
  if (n < 1000) return String(Math.round(n));
  const units = ['K', 'M', 'B', 'T'];
  let value = n;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)}${units[unit]}`;
}

export function formatBytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)}B` : `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)}${units[unit]}`;
}

export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

function elapsedOf(stats: StatementStats, fallbackMs: number): number {
  return stats.elapsedTimeMillis ?? stats.wallTimeMillis ?? fallbackMs;
}

/** Completed splits over all splits, 0–100, or undefined before splits are known. */
export function progressPercent(stats: StatementStats): number | undefined {
  const total = stats.totalSplits ?? 0;
  if (total <= 0) return undefined;
  return Math.min(100, (100 * (stats.completedSplits ?? 0)) / total);
}

export function progressBar(percent: number | undefined, width: number): string {
  if (percent === undefined) return `[${'?'.repeat(Math.max(0, width - 2))}]`;
  const inner = Math.max(0, width - 2);
  const filled = Math.round((percent / 100) * inner);
  const head = filled > 0 && filled < inner ? `${'='.repeat(filled - 1)}>` : '='.repeat(filled);
  return `[${head}${' '.repeat(inner - filled)}]`;
}

function nodesText(stats: StatementStats): string {
  const nodes = stats.nodes ?? 0;
  return `${nodes} ${nodes === 1 ? 'node' : 'nodes'}`;
}

/** Two lines for the live display while a query runs. */
export function liveStatusLines(queryId: string, stats: StatementStats, clientElapsedMs: number): string[] {
  const elapsed = elapsedOf(stats, clientElapsedMs);
  const rows = stats.processedRows ?? 0;
  const bytes = stats.processedBytes ?? 0;
  const seconds = Math.max(elapsed / 1000, 0.001);
  const percent = progressPercent(stats);
  const first = `Query ${queryId}, ${stats.state}, ${nodesText(stats)}, ${stats.totalSplits ?? 0} splits`;
  const second =
    `${formatElapsed(elapsed)} [${formatCount(rows)} rows, ${formatBytes(bytes)}] ` +
    `[${formatCount(rows / seconds)} rows/s, ${formatBytes(bytes / seconds)}/s] ${progressBar(percent, 27)}` +
    (percent === undefined ? '' : ` ${Math.floor(percent)}%`);
  return [first, second];
}

/** The summary printed after a query finishes (interactive mode, or --debug). */
export function finalStatusLines(queryId: string, stats: StatementStats, clientElapsedMs: number): string[] {
  const elapsed = elapsedOf(stats, clientElapsedMs);
  const rows = stats.processedRows ?? 0;
  const bytes = stats.processedBytes ?? 0;
  const seconds = Math.max(elapsed / 1000, 0.001);
  const total = stats.totalSplits ?? 0;
  const done = stats.completedSplits ?? 0;
  return [
    `Query ${queryId}, ${stats.state}, ${nodesText(stats)}`,
    `Splits: ${total} total, ${done} done (${total === 0 ? '100.00' : ((100 * done) / total).toFixed(2)}%)`,
    `${formatElapsed(elapsed)} [${formatCount(rows)} rows, ${formatBytes(bytes)}] [${formatCount(rows / seconds)} rows/s, ${formatBytes(bytes / seconds)}/s]`,
  ];
}
