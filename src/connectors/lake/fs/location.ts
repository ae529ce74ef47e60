/**
 * Locations of the lake connector: URIs such as `file:///data/t/part-0.parquet`,
 * `local:///warehouse/s/t` (resolved under a configured root, Trino's `local.location`) and, from
 * the object-storage issue on, `s3://bucket/key`. As in Trino, a location is an opaque string, not
 * a percent-decoded URI: Hive partition directories carry `%XX` escapes in their names
 * (`ds=2024-01-01 10%3A00`), and they must reach the file system as written. These helpers split
 * and join locations without touching the path's characters.
 */
import { lakeError } from '../lake-errors.js';

export interface ParsedLocation {
  /** `file`, `local`, `s3`, ... (lower case). */
  readonly scheme: string;
  /** The host part (`bucket` of `s3://bucket/key`; empty for `file:///x`). */
  readonly authority: string;
  /** The path after the authority, without its leading slash (`data/t/part-0.parquet`). */
  readonly path: string;
}

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/]*)(\/.*)?$/;

/** Splits a location; throws HIVE_FILESYSTEM_ERROR for text that is not a `scheme://...` URI. */
export function parseLocation(location: string): ParsedLocation {
  const match = SCHEME.exec(location);
  if (match === null) throw lakeError('HIVE_FILESYSTEM_ERROR', `Invalid location: ${location}`);
  const path = match[3] ?? '';
  return {
    scheme: (match[1] ?? '').toLowerCase(),
    authority: match[2] ?? '',
    path: path.startsWith('/') ? path.slice(1) : path,
  };
}

/** Whether `text` is a location this module can parse (`scheme://...`). */
export function isLocation(text: string): boolean {
  return SCHEME.test(text);
}

/** The `file://` location of an absolute local path. */
export function fileLocation(absolutePath: string): string {
  if (!absolutePath.startsWith('/')) {
    throw lakeError('HIVE_FILESYSTEM_ERROR', `Not an absolute path: ${absolutePath}`);
  }
  return `file://${absolutePath}`;
}

/** `base` with `segments` appended, one slash between each (a trailing slash of `base` is kept once). */
export function joinLocation(base: string, ...segments: readonly string[]): string {
  let result = base.endsWith('/') ? base.slice(0, -1) : base;
  for (const segment of segments) {
    if (segment === '') continue;
    result += `/${segment.startsWith('/') ? segment.slice(1) : segment}`;
  }
  return result;
}

/** The location without a trailing slash (directories are written either way by users). */
export function withoutTrailingSlash(location: string): string {
  return location.endsWith('/') && !location.endsWith('://') ? location.slice(0, -1) : location;
}

/** The last path segment: the file or directory name. */
export function locationName(location: string): string {
  const trimmed = withoutTrailingSlash(location);
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The location of the directory holding `location`. */
export function parentLocation(location: string): string {
  const trimmed = withoutTrailingSlash(location);
  const parsed = parseLocation(trimmed);
  if (parsed.path === '') throw lakeError('HIVE_FILESYSTEM_ERROR', `Location has no parent: ${location}`);
  return trimmed.slice(0, trimmed.lastIndexOf('/'));
}

/** Whether `location` is `directory` itself or lies below it. */
export function isWithin(location: string, directory: string): boolean {
  const dir = withoutTrailingSlash(directory);
  const loc = withoutTrailingSlash(location);
  return loc === dir || loc.startsWith(`${dir}/`);
}

/** The part of `location` below `directory` (`a/b.parquet`), or undefined when it is not below. */
export function relativeLocation(location: string, directory: string): string | undefined {
  const dir = withoutTrailingSlash(directory);
  return location.startsWith(`${dir}/`) ? location.slice(dir.length + 1) : undefined;
}
