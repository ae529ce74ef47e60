/**
 * The hand-off between a join's build pipeline and its probe pipeline(s), like Presto's
 * LookupSourceFactory: the build operator publishes what it built (a hash table, a row set, the
 * buffered rows of a nested loop join); probe operators are blocked on `built` until then. Probe
 * operators register when they are created and report when they are done, so that
 *   - the build operator keeps its memory reserved (and stays unfinished) until every probe has
 *     released the build side, and
 *   - in RIGHT and FULL joins the build rows no probe matched are emitted exactly once, by the probe
 *     that finishes last, from the `visited` bitmap all probes mark.
 */
import { VivaceError } from '../../common/vivace-error.js';

export class JoinBridge<T> {
  private value: T | null = null;
  private resolveBuilt!: () => void;
  /** Resolves when the build side is published. */
  readonly built: Promise<void>;
  private resolveProbesDone!: () => void;
  /** Resolves when every registered probe is done (or at publication when none registered). */
  readonly probesDone: Promise<void>;
  private registeredProbes = 0;
  private finishedProbes = 0;
  private releasedProbes = 0;
  private probesAreDone = false;
  private visited: Uint8Array | null = null;

  constructor() {
    this.built = new Promise((resolve) => {
      this.resolveBuilt = resolve;
    });
    this.probesDone = new Promise((resolve) => {
      this.resolveProbesDone = resolve;
    });
  }

  get isBuilt(): boolean {
    return this.value !== null;
  }

  get areProbesDone(): boolean {
    return this.probesAreDone;
  }

  /** The published build side; throws before publication. */
  get buildSide(): T {
    if (this.value === null) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'Join build side is not ready');
    return this.value;
  }

  /** Publishes the build side and unblocks the probes. */
  publish(value: T): void {
    if (this.value !== null) throw new VivaceError('GENERIC_INTERNAL_ERROR', 'Join build side published twice');
    this.value = value;
    this.resolveBuilt();
    if (this.registeredProbes === 0) this.markProbesDone();
  }

  /** One flag per build row, shared by all probes, set on a match (RIGHT and FULL joins). */
  visitedRows(rowCount: number): Uint8Array {
    this.visited ??= new Uint8Array(rowCount);
    return this.visited;
  }

  /**
   * Called by each probe operator when it is created, which must be before the build side is
   * published (the local planner creates every operator before any driver runs).
   */
  registerProbe(): void {
    this.registeredProbes++;
  }

  /**
   * Called once by each probe operator when it has processed all its input; true for the last one,
   * which then emits the unvisited build rows of an outer build join.
   */
  probeFinished(): boolean {
    this.finishedProbes++;
    return this.finishedProbes === this.registeredProbes;
  }

  /** Called once by each probe operator when it no longer reads the build side (done or closed). */
  releaseProbe(): void {
    this.releasedProbes++;
    if (this.releasedProbes >= this.registeredProbes) this.markProbesDone();
  }

  private markProbesDone(): void {
    if (this.probesAreDone) return;
    this.probesAreDone = true;
    this.resolveProbesDone();
  }
}
