/**
 * The log of the cluster's processes: pino writing JSON lines to stderr (stdout belongs to the
 * launcher's user-facing messages). `VIVACE_LOG_LEVEL` chooses the level (default `info`).
 */
import { type Logger, pino } from 'pino';

export function createClusterLogger(role: string, nodeId: string): Logger {
  return pino({ level: process.env.VIVACE_LOG_LEVEL ?? 'info', base: { role, nodeId } }, pino.destination(2));
}
