/**
 * The byte side of the text writers: text appended in pieces, encoded as UTF-8, gzip-compressed
 * when asked, and handed to an OutputFile in parts of about `partBytes` (so a writer holds one part,
 * not the file). `finish` commits the file; `abort` leaves nothing.
 */
import { createGzip, type Gzip } from 'node:zlib';
import type { OutputFile } from '../fs/file-system.js';
import type { TextCompression } from './text-chunks.js';

export class TextOutput {
  private buffered: string[] = [];
  private bufferedLength = 0;
  private readonly gzip: Gzip | undefined;
  private readonly compressed: Buffer[] = [];
  private ended: Promise<void> = Promise.resolve();

  constructor(
    private readonly output: OutputFile,
    compression: TextCompression,
    private readonly partBytes = 4 << 20,
  ) {
    if (compression === 'GZIP') {
      this.gzip = createGzip();
      const gzip = this.gzip;
      gzip.on('data', (data: Buffer) => this.compressed.push(data));
      this.ended = new Promise<void>((resolve, reject) => {
        gzip.once('end', resolve);
        gzip.once('error', reject);
      });
      this.ended.catch(() => {});
    }
  }

  get location(): string {
    return this.output.location;
  }

  async append(text: string): Promise<void> {
    this.buffered.push(text);
    this.bufferedLength += text.length;
    if (this.bufferedLength >= this.partBytes) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.bufferedLength === 0) return;
    const bytes = Buffer.from(this.buffered.join(''), 'utf8');
    this.buffered = [];
    this.bufferedLength = 0;
    if (this.gzip === undefined) {
      await this.output.write(bytes);
      return;
    }
    const gzip = this.gzip;
    await new Promise<void>((resolve, reject) => gzip.write(bytes, (error) => (error ? reject(error) : resolve())));
    await this.writeCompressed();
  }

  private async writeCompressed(): Promise<void> {
    for (const chunk of this.compressed.splice(0)) await this.output.write(chunk);
  }

  /** Writes what is buffered, ends the stream and commits the file; returns its size. */
  async finish(): Promise<number> {
    try {
      await this.flush();
      if (this.gzip !== undefined) {
        this.gzip.end();
        await this.ended; // the last compressed bytes arrive before 'end', after 'finish'
        await this.writeCompressed();
      }
      await this.output.commit();
      return this.output.bytesWritten;
    } catch (error) {
      await this.output.abort();
      throw error;
    }
  }

  async abort(): Promise<void> {
    this.gzip?.destroy();
    await this.output.abort();
  }
}
