/**
 * The text formats airlift gives durations, data sizes and timestamps in Presto's JSON (protocol
 * reference §5): `2.74ms`, `6.08kB`, `2014-02-12T04:33:01.500Z`. Node records, task records and
 * query records all use them; the parsers read the same forms back (configuration values such as
 * `query.max-memory=20GB` or `failure-detector.heartbeat-interval=500ms`). Durations and data sizes
 * are common/units.ts's, re-exported here because most of the server imports them from this module.
 */
export { formatDataSize, formatDuration, parseDataSize, parseDuration } from '../../common/units.js';

/** The instant `formatTimestamp` formatted last, and its text. */
let lastTimestamp = Number.NaN;
let lastTimestampText = '';

/** Epoch milliseconds as ISO-8601 in UTC with three fractional digits, e.g. `2014-02-12T04:33:01.500Z`. */
export function formatTimestamp(epochMilliseconds: number): string {
  // A task record prints the same few instants many times (created, started, each driver's).
  if (epochMilliseconds === lastTimestamp) return lastTimestampText;
  const text = new Date(epochMilliseconds).toISOString();
  lastTimestamp = epochMilliseconds;
  lastTimestampText = text;
  return text;
}
