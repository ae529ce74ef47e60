/**
 * Errors of the lake connector: a VivaceError with one of Trino's Hive error codes, so clients
 * see the names and numbers Trino's Hive connector gives (HIVE_BAD_DATA, HIVE_CANNOT_OPEN_SPLIT,
 * ...). Messages name the file or directory concerned; the original error stays as the cause.
 */
import { type HiveErrorName, hiveErrorCode } from '../../common/error-codes.js';
import { VivaceError } from '../../common/vivace-error.js';

export function lakeError(name: HiveErrorName, message: string, cause?: unknown): VivaceError {
  return new VivaceError(hiveErrorCode(name), message, undefined, cause === undefined ? undefined : { cause });
}

/** The message of anything thrown, for wrapping it in a message of our own. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
