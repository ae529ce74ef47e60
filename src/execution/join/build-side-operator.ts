/**
 * The common shape of a join's build operator (hash join, nested loop join, semi join set): it
 * consumes the build input, publishes what it built through a JoinBridge when the input ends, and
 * then stays unfinished — blocked, with its memory still reserved — until every probe has released
 * the build side, so that the memory of a table in use is always accounted for.
 */
import type { Page } from '../../data/page.js';
import type { DynamicFilterCollector } from '../dynamic-filter/dynamic-filter-collector.js';
import type { DynamicFilterSummary } from '../dynamic-filter/dynamic-filter-summary.js';
import type { Operator } from '../operator.js';
import type { OperatorContext } from '../operator-context.js';
import type { JoinBridge } from './join-bridge.js';

/** The dynamic filters a join's build collects and where they go. */
export interface BuildDynamicFilters {
  readonly collectors: readonly DynamicFilterCollector[];
  publish(id: string, summary: DynamicFilterSummary): void;
}

export abstract class BuildSideOperator<T> implements Operator {
  private finishing = false;
  private published = false;
  private closed = false;

  constructor(
    readonly context: OperatorContext,
    protected readonly bridge: JoinBridge<T>,
  ) {}

  /** Takes one build page; returns the bytes now retained. */
  protected abstract consume(page: Page): number;

  /** Builds the published value from everything consumed; returns it and the bytes it retains. */
  protected abstract seal(): { readonly value: T; readonly retainedBytes: number };

  /**
   * The most the operator holds while sealing (the buffered input, its concatenation, the
   * structures built over it): reserved before sealing starts, so that sealing allocates nothing
   * the query's pool has not granted.
   */
  protected abstract sealingBytes(): number;

  /**
   * One bounded step of sealing: the sealed value when done, else undefined (the driver calls
   * `finish` again). Builders whose sealing can take long override it to work in slices.
   */
  protected sealStep(): { readonly value: T; readonly retainedBytes: number } | undefined {
    return this.seal();
  }

  /**
   * Dynamic filters over build key channels (planner/dynamic-filters.ts): fed every build page,
   * published as soon as the input ends — before sealing, which may take a while.
   */
  dynamicFilters: BuildDynamicFilters | undefined;

  private publishDynamicFilters(): void {
    const filters = this.dynamicFilters;
    if (filters === undefined) return;
    for (const collector of filters.collectors) filters.publish(collector.id, collector.summary());
    this.dynamicFilters = undefined;
  }

  /** Feeds the collectors; one that gives up is published ("all keys") at once and dropped. */
  private collectDynamicFilters(page: Page, filters: BuildDynamicFilters): void {
    let abandoned = false;
    for (const collector of filters.collectors) {
      collector.add(page);
      if (collector.abandoned) {
        filters.publish(collector.id, collector.summary());
        abandoned = true;
      }
    }
    if (abandoned) {
      const collectors = filters.collectors.filter((c) => !c.abandoned);
      this.dynamicFilters = collectors.length === 0 ? undefined : { ...filters, collectors };
    }
  }

  needsInput(): boolean {
    return !this.finishing;
  }

  addInput(page: Page): void {
    if (page.positionCount === 0) return;
    if (this.dynamicFilters !== undefined) this.collectDynamicFilters(page, this.dynamicFilters);
    this.context.memory.setBytes(this.consume(page));
  }

  getOutput(): Page | null {
    return null;
  }

  finish(): void {
    if (this.published || this.closed) return;
    if (!this.finishing) {
      this.finishing = true;
      this.publishDynamicFilters();
      this.context.memory.setBytes(this.sealingBytes());
    }
    const sealed = this.sealStep();
    if (sealed === undefined) return;
    this.published = true;
    this.context.memory.setBytes(sealed.retainedBytes);
    this.bridge.publish(sealed.value);
  }

  isFinished(): boolean {
    const done = this.closed || (this.published && this.bridge.areProbesDone);
    if (done) this.context.memory.setBytes(0);
    return done;
  }

  isBlocked(): Promise<void> | undefined {
    // While sealing is under way the driver must keep calling finish, so only wait once published.
    return this.published && !this.bridge.areProbesDone ? this.bridge.probesDone : undefined;
  }

  close(): void {
    this.closed = true;
    this.context.memory.setBytes(0);
  }
}
