/**
 * The lake file system on S3 and S3-compatible stores (`s3://bucket/key`; `s3a://` and `s3n://`,
 * which Hadoop-era metastores hold, are read as the same). Over the interface of file-system.ts:
 * - reads: `readRange` is one ranged GET; `readTail` one suffix-range GET (`bytes=-N`), whose
 *   Content-Range also gives the file size, so a Parquet footer costs one request; the Parquet
 *   reader coalesces neighbouring column chunks (range-coalescing.ts) before calling `readRange`.
 * - listing: ListObjectsV2 by prefix, page by page (continuation tokens), streamed; with the `/`
 *   delimiter for `listDirectories` (common prefixes).
 * - writes: an OutputFile buffers up to `s3.streaming.part-size` (16 MB); a file that stays
 *   smaller is one PUT at commit, a larger one a multipart upload whose parts go up as they fill
 *   and which completes at commit; abort (and any failure) aborts the upload, so nothing is
 *   visible. `createExclusive` is a conditional PUT (`If-None-Match: *`; 412 → the file exists);
 *   with `s3.exclusive-create=false`, for stores without conditional writes, it checks first and
 *   then PUTs — not atomic, which is safe because the coordinator is the metastore's single
 *   writer. `replace` is a PUT (atomic on S3: readers see the old or the new object).
 * - deletes: DeleteObjects in batches of 1000 keys.
 * Directories do not exist on S3: `directoryExists` is "some key has this prefix".
 */
import { createHash } from 'node:crypto';
import { lakeError } from '../lake-errors.js';
import type { FileEntry, FileSystem, OutputFile, OutputFileOptions } from './file-system.js';
import { parseLocation, withoutTrailingSlash } from './location.js';
import { headerValue, S3Client, type S3Response } from './s3/s3-client.js';
import type { S3Config } from './s3/s3-config.js';
import {
  completeMultipartUploadXml,
  deleteObjectsXml,
  parseDeleteErrors,
  parseListObjectsV2,
  xmlText,
} from './s3/s3-xml.js';

export const S3_SCHEMES: readonly string[] = ['s3', 's3a', 's3n'];
const DELETE_BATCH = 1000;

interface ObjectAddress {
  readonly bucket: string;
  readonly key: string;
}

function addressOf(location: string): ObjectAddress {
  const parsed = parseLocation(location);
  if (!S3_SCHEMES.includes(parsed.scheme)) {
    throw lakeError('HIVE_FILESYSTEM_ERROR', `No file system for location scheme '${parsed.scheme}': ${location}`);
  }
  if (parsed.authority === '') throw lakeError('HIVE_FILESYSTEM_ERROR', `Location has no bucket: ${location}`);
  return { bucket: parsed.authority, key: parsed.path };
}

/** The key prefix of a directory location: its key with one trailing slash ('' at the bucket root). */
function directoryPrefix(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed === '' ? '' : `${trimmed}/`;
}

function sizeFromContentRange(response: S3Response): number | undefined {
  const range = headerValue(response.headers, 'content-range');
  const total = range?.slice(range.lastIndexOf('/') + 1);
  return total === undefined || total === '*' ? undefined : Number(total);
}

export class S3FileSystem implements FileSystem {
  readonly client: S3Client;

  constructor(config: S3Config) {
    this.client = new S3Client(config);
  }

  get stats() {
    return this.client.stats;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async *list(directory: string): AsyncIterable<FileEntry> {
    const base = withoutTrailingSlash(directory);
    const { bucket, key } = addressOf(base);
    const prefix = directoryPrefix(key);
    const root = base.slice(0, base.length - key.length).replace(/\/$/, '');
    for await (const page of this.listPages(bucket, prefix, undefined, base)) {
      for (const object of page.objects) {
        if (object.key.endsWith('/')) continue; // "directory marker" objects some tools create
        yield { location: `${root}/${object.key}`, size: object.size, lastModified: object.lastModified };
      }
    }
  }

  async listDirectories(directory: string): Promise<string[]> {
    const base = withoutTrailingSlash(directory);
    const { bucket, key } = addressOf(base);
    const prefix = directoryPrefix(key);
    const names: string[] = [];
    for await (const page of this.listPages(bucket, prefix, '/', base)) {
      for (const common of page.commonPrefixes) {
        const name = common.slice(prefix.length).replace(/\/$/, '');
        if (name !== '') names.push(name);
      }
    }
    return names.sort();
  }

  async directoryExists(directory: string): Promise<boolean> {
    const base = withoutTrailingSlash(directory);
    const { bucket, key } = addressOf(base);
    for await (const page of this.listPages(bucket, directoryPrefix(key), undefined, base, 1)) {
      return page.objects.length > 0 || page.commonPrefixes.length > 0;
    }
    return false;
  }

  /** One listing request without retries: an unreachable endpoint or a wrong key fails at once, naming `location`. */
  async checkAccess(location: string): Promise<void> {
    const { bucket, key } = addressOf(withoutTrailingSlash(location));
    await this.client.send({
      method: 'GET',
      bucket,
      key: '',
      query: [
        ['list-type', '2'],
        ['prefix', directoryPrefix(key)],
        ['max-keys', '1'],
      ],
      operation: 'list',
      location,
      maxRetries: 0,
    });
  }

  private async *listPages(
    bucket: string,
    prefix: string,
    delimiter: string | undefined,
    location: string,
    maxKeys = 1000,
  ) {
    let token: string | undefined;
    do {
      const query: [string, string][] = [
        ['list-type', '2'],
        ['prefix', prefix],
        ['max-keys', String(maxKeys)],
      ];
      if (delimiter !== undefined) query.push(['delimiter', delimiter]);
      if (token !== undefined) query.push(['continuation-token', token]);
      const response = await this.client.send({ method: 'GET', bucket, key: '', query, operation: 'list', location });
      const page = parseListObjectsV2(new TextDecoder().decode(response.body));
      yield page;
      token = page.nextContinuationToken;
    } while (token !== undefined);
  }

  async stat(location: string): Promise<FileEntry> {
    const { bucket, key } = addressOf(location);
    const response = await this.client.send({ method: 'HEAD', bucket, key, operation: 'stat', location });
    return {
      location,
      size: Number(headerValue(response.headers, 'content-length') ?? '0'),
      lastModified: Date.parse(headerValue(response.headers, 'last-modified') ?? '') || 0,
    };
  }

  async exists(location: string): Promise<boolean> {
    const { bucket, key } = addressOf(location);
    const response = await this.client.send({
      method: 'HEAD',
      bucket,
      key,
      operation: 'stat',
      location,
      allowStatuses: [404],
    });
    return response.status !== 404;
  }

  async readRange(location: string, offset: number, length: number): Promise<Uint8Array> {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
      throw lakeError('HIVE_FILESYSTEM_ERROR', `Invalid range (offset ${offset}, length ${length}) of ${location}`);
    }
    if (length === 0) return new Uint8Array(0);
    const { bucket, key } = addressOf(location);
    const response = await this.client.send({
      method: 'GET',
      bucket,
      key,
      headers: { range: `bytes=${offset}-${offset + length - 1}` },
      operation: 'read',
      location,
      allowStatuses: [416],
    });
    const bytes = response.status === 200 ? response.body.subarray(offset, offset + length) : response.body;
    if (response.status === 416 || bytes.byteLength < length) {
      const size = response.status === 416 ? '' : ` (${offset + bytes.byteLength} bytes)`;
      throw lakeError(
        'HIVE_FILESYSTEM_ERROR',
        `Read of ${length} bytes at offset ${offset} goes past the end of ${location}${size}`,
      );
    }
    return bytes.byteLength === length ? bytes : bytes.subarray(0, length);
  }

  async readTail(location: string, length: number): Promise<{ bytes: Uint8Array; fileSize: number }> {
    const { bucket, key } = addressOf(location);
    if (length <= 0) return { bytes: new Uint8Array(0), fileSize: (await this.stat(location)).size };
    const response = await this.client.send({
      method: 'GET',
      bucket,
      key,
      headers: { range: `bytes=-${length}` },
      operation: 'read',
      location,
      allowStatuses: [416],
    });
    if (response.status === 416) return { bytes: new Uint8Array(0), fileSize: 0 }; // an empty object
    if (response.status === 200) {
      // the store ignored the range: the whole object came back
      const all = response.body;
      return { bytes: all.subarray(Math.max(0, all.byteLength - length)), fileSize: all.byteLength };
    }
    return { bytes: response.body, fileSize: sizeFromContentRange(response) ?? response.body.byteLength };
  }

  async readFile(location: string): Promise<Uint8Array> {
    const { bucket, key } = addressOf(location);
    return (await this.client.send({ method: 'GET', bucket, key, operation: 'read', location })).body;
  }

  async newOutputFile(location: string, options: OutputFileOptions = {}): Promise<OutputFile> {
    const address = addressOf(location);
    if (address.key === '' || address.key.endsWith('/')) {
      throw lakeError('HIVE_FILESYSTEM_ERROR', `Not a file location: ${location}`);
    }
    return new S3OutputFile(this, location, address, options.exclusive === true);
  }

  async createExclusive(location: string, bytes: Uint8Array): Promise<void> {
    const output = await this.newOutputFile(location, { exclusive: true });
    try {
      await output.write(bytes);
      await output.commit();
    } catch (error) {
      await output.abort();
      throw error;
    }
  }

  async replace(location: string, bytes: Uint8Array): Promise<void> {
    await this.putObject(location, addressOf(location), bytes, false);
  }

  /** One PUT; `exclusive` makes it conditional (or checked first when the store cannot). */
  async putObject(location: string, address: ObjectAddress, bytes: Uint8Array, exclusive: boolean): Promise<void> {
    const conditional = exclusive && this.client.config.exclusiveCreate;
    if (exclusive && !conditional && (await this.exists(location))) throw alreadyExists(location);
    const response = await this.client.send({
      method: 'PUT',
      bucket: address.bucket,
      key: address.key,
      body: bytes,
      headers: conditional ? { 'if-none-match': '*' } : {},
      operation: 'write',
      location,
      allowStatuses: conditional ? [409, 412] : [],
    });
    if (response.status === 412 || response.status === 409) throw alreadyExists(location);
  }

  async delete(location: string): Promise<void> {
    const { bucket, key } = addressOf(location);
    await this.client.send({ method: 'DELETE', bucket, key, operation: 'delete', location, allowStatuses: [404] });
  }

  async deleteDirectory(directory: string): Promise<void> {
    const base = withoutTrailingSlash(directory);
    const { bucket, key } = addressOf(base);
    let batch: string[] = [];
    for await (const page of this.listPages(bucket, directoryPrefix(key), undefined, base)) {
      for (const object of page.objects) {
        batch.push(object.key);
        if (batch.length === DELETE_BATCH) {
          await this.deleteKeys(bucket, batch, base);
          batch = [];
        }
      }
    }
    if (batch.length > 0) await this.deleteKeys(bucket, batch, base);
  }

  private async deleteKeys(bucket: string, keys: readonly string[], location: string): Promise<void> {
    const body = new TextEncoder().encode(deleteObjectsXml(keys));
    const response = await this.client.send({
      method: 'POST',
      bucket,
      key: '',
      query: [['delete', '']],
      headers: { 'content-md5': createHash('md5').update(body).digest('base64'), 'content-type': 'application/xml' },
      body,
      operation: 'delete',
      location,
    });
    const failed = parseDeleteErrors(new TextDecoder().decode(response.body)).filter((e) => e.code !== 'NoSuchKey');
    const first = failed[0];
    if (first !== undefined) {
      throw lakeError(
        'HIVE_FILESYSTEM_ERROR',
        `Failed to delete ${failed.length} objects below ${location}, e.g. s3://${bucket}/${first.key}: ${first.code} ${first.message}`,
      );
    }
  }
}

function alreadyExists(location: string) {
  return lakeError('HIVE_PATH_ALREADY_EXISTS', `File already exists: ${location}`);
}

/**
 * A streamed write: bytes gather in a buffer; once it holds a part's worth, a multipart upload
 * starts (first time) and the part goes up. Commit sends what is left as one PUT (no upload
 * started) or as the last part and completes the upload. Failures abort the upload.
 */
class S3OutputFile implements OutputFile {
  bytesWritten = 0;
  private state: 'open' | 'committed' | 'aborted' = 'open';
  private buffered: Uint8Array[] = [];
  private bufferedBytes = 0;
  private uploadId: string | undefined;
  private readonly etags: string[] = [];

  constructor(
    private readonly fs: S3FileSystem,
    readonly location: string,
    private readonly address: ObjectAddress,
    private readonly exclusive: boolean,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    if (this.state !== 'open') throw lakeError('HIVE_FILESYSTEM_ERROR', `Write after ${this.state}: ${this.location}`);
    this.buffered.push(bytes.slice()); // the caller may reuse its buffer
    this.bufferedBytes += bytes.byteLength;
    this.bytesWritten += bytes.byteLength;
    const partSize = this.fs.client.config.partSize;
    try {
      while (this.bufferedBytes >= partSize) await this.uploadPart(this.takeBuffered(partSize));
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  async commit(): Promise<void> {
    if (this.state !== 'open') throw lakeError('HIVE_FILESYSTEM_ERROR', `Commit after ${this.state}: ${this.location}`);
    try {
      if (this.uploadId === undefined) {
        await this.fs.putObject(this.location, this.address, this.takeBuffered(this.bufferedBytes), this.exclusive);
      } else {
        if (this.bufferedBytes > 0 || this.etags.length === 0)
          await this.uploadPart(this.takeBuffered(this.bufferedBytes));
        await this.complete();
      }
      this.state = 'committed';
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    this.buffered = [];
    this.bufferedBytes = 0;
    const uploadId = this.uploadId;
    if (uploadId === undefined) return;
    // Best effort: an upload that is never completed is never visible; a store's lifecycle rule
    // (AbortIncompleteMultipartUpload) reclaims the parts of one whose abort did not get through.
    await this.fs.client
      .send({
        method: 'DELETE',
        bucket: this.address.bucket,
        key: this.address.key,
        query: [['uploadId', uploadId]],
        operation: 'abort the upload of',
        location: this.location,
        allowStatuses: [404, 405],
      })
      .catch(() => {});
  }

  private takeBuffered(count: number): Uint8Array {
    const out = new Uint8Array(count);
    let filled = 0;
    while (filled < count) {
      const head = this.buffered[0];
      if (head === undefined) break;
      const take = Math.min(head.byteLength, count - filled);
      out.set(head.subarray(0, take), filled);
      filled += take;
      if (take === head.byteLength) this.buffered.shift();
      else this.buffered[0] = head.subarray(take);
    }
    this.bufferedBytes -= filled;
    return out;
  }

  private async uploadPart(bytes: Uint8Array): Promise<void> {
    const { bucket, key } = this.address;
    if (this.uploadId === undefined) {
      if (this.exclusive && !this.fs.client.config.exclusiveCreate && (await this.fs.exists(this.location))) {
        throw alreadyExists(this.location);
      }
      const initiated = await this.fs.client.send({
        method: 'POST',
        bucket,
        key,
        query: [['uploads', '']],
        operation: 'start the upload of',
        location: this.location,
      });
      const uploadId = xmlText(new TextDecoder().decode(initiated.body), 'UploadId');
      if (uploadId === undefined) {
        throw lakeError('HIVE_FILESYSTEM_ERROR', `S3 gave no upload id for ${this.location}`);
      }
      this.uploadId = uploadId;
    }
    const response = await this.fs.client.send({
      method: 'PUT',
      bucket,
      key,
      query: [
        ['partNumber', String(this.etags.length + 1)],
        ['uploadId', this.uploadId],
      ],
      body: bytes,
      operation: 'write',
      location: this.location,
    });
    const etag = headerValue(response.headers, 'etag');
    if (etag === undefined) throw lakeError('HIVE_FILESYSTEM_ERROR', `S3 gave no ETag for a part of ${this.location}`);
    this.etags.push(etag);
  }

  private async complete(): Promise<void> {
    const { bucket, key } = this.address;
    const uploadId = this.uploadId;
    if (uploadId === undefined) return;
    const conditional = this.exclusive && this.fs.client.config.exclusiveCreate;
    const response = await this.fs.client.send({
      method: 'POST',
      bucket,
      key,
      query: [['uploadId', uploadId]],
      headers: { 'content-type': 'application/xml', ...(conditional ? { 'if-none-match': '*' } : {}) },
      body: new TextEncoder().encode(completeMultipartUploadXml(this.etags)),
      operation: 'complete the upload of',
      location: this.location,
      allowStatuses: conditional ? [409, 412] : [],
    });
    if (response.status === 412 || response.status === 409) throw alreadyExists(this.location);
    // S3 may answer 200 with an error document when completing fails late
    const text = new TextDecoder().decode(response.body);
    if (text.includes('<Error>')) {
      throw lakeError(
        'HIVE_FILESYSTEM_ERROR',
        `Failed to complete the upload of ${this.location}: ${xmlText(text, 'Code') ?? ''} ${xmlText(text, 'Message') ?? ''}`,
      );
    }
    this.uploadId = undefined;
  }
}
