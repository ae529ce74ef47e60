/**
 * A page waiting in a task's output buffer, in whichever form its consumer needs: serialized bytes
 * for a consumer on another node (the results resource frames them into an HTTP response), or the
 * page object itself for a consumer task in the same process (its exchange client reads the output
 * buffer directly). A page the producing task hands over is kept as an object (with, for one
 * partition of a hashed page, the positions of its rows) and turned into bytes only when a remote
 * consumer asks, at most once: a consumer in the same process gets the page without it ever being
 * serialized and deserialized, which on a 2-worker cluster is about half of every hashed exchange
 * and all of a broadcast's local copy.
 */
import { copyPagePositions, type Page, pageSizeInBytes } from '../../data/page.js';
import { deserializePages, serializePagePositions, serializePages } from '../../data/page-serde.js';
import type { Type } from '../../types/type.js';

/** What a page costs besides its blocks (so that even pages without blocks fill a buffer). */
const PAGE_OVERHEAD_BYTES = 64;

export class BufferedPage {
  private bytes: Uint8Array | undefined;
  private page: Page | undefined;

  private constructor(
    readonly positionCount: number,
    /** What the entry counts against the buffer's limit and the task's memory. */
    readonly sizeInBytes: number,
    bytes: Uint8Array | undefined,
    private readonly source: Page | undefined,
    /** The rows of `source` this entry holds (all when undefined). */
    private readonly positions: Int32Array | undefined,
    private readonly types: readonly Type[],
  ) {
    this.bytes = bytes;
  }

  /** An already serialized page (a page stream of `serializePages`). */
  static ofBytes(bytes: Uint8Array, positionCount: number): BufferedPage {
    return new BufferedPage(positionCount, bytes.length, bytes, undefined, undefined, []);
  }

  /**
   * `page`, or only its rows at `positions` (a partition of it), with its channels' types. The
   * page is shared, not copied: pages are immutable. Its size is counted in proportion to the rows.
   */
  static ofPage(page: Page, types: readonly Type[], positions?: Int32Array): BufferedPage {
    const count = positions?.length ?? page.positionCount;
    const whole = PAGE_OVERHEAD_BYTES + pageSizeInBytes(page);
    const size = positions === undefined ? whole : Math.ceil((whole * count) / Math.max(1, page.positionCount));
    return new BufferedPage(count, size, undefined, page, positions, types);
  }

  /** The page serialized (once; later calls return the same bytes). */
  serialized(): Uint8Array {
    if (this.bytes === undefined) {
      const source = this.source ?? this.page;
      if (source === undefined) throw new Error('a buffered page holds neither bytes nor a page');
      // Pages cross the loopback or a data-centre network: a checksum costs more than it saves.
      this.bytes =
        this.positions === undefined
          ? serializePages([source], this.types, { checksum: false })
          : serializePagePositions(source, this.positions, this.positions.length, this.types, { checksum: false });
    }
    return this.bytes;
  }

  /** The page(s) as objects: the page itself, its rows copied once, or the bytes deserialized by `types`. */
  pages(types: readonly Type[]): readonly Page[] {
    if (this.page !== undefined) return [this.page];
    if (this.source !== undefined) {
      this.page =
        this.positions === undefined
          ? this.source
          : copyPagePositions(this.source, this.positions, this.positions.length);
      return [this.page];
    }
    return deserializePages(this.serialized(), types);
  }
}
