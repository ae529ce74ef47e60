/**
 * Makes an optimized plan distributed: inserts REMOTE exchanges wherever the rows of a subtree
 * must move between tasks, as Presto's AddExchanges does. Each subtree is tracked with the
 * distribution of its rows across tasks:
 *   - ANY: spread arbitrarily (the rows of table scans, split by split),
 *   - HASH(keys): rows with equal keys are in the same task,
 *   - SINGLE: all rows in one task.
 * Aggregations are split into PARTIAL (where the rows are) and FINAL (after a repartition on the
 * grouping keys, or a gather for global ones); joins repartition both sides on their keys
 * (PARTITIONED) or replicate the build side to every task of the probe side (REPLICATED); semi
 * joins do the same by their chosen distribution, a partitioned one sending the NULL keys of its
 * filtering side and one other row to every task (Trino's "replicate nulls and any"), because
 * `x NOT IN (...)` must know in every task whether the whole set holds a NULL or nothing; TopN and
 * LIMIT run partially before a gather and finally after it; sorts, unions and the operators that
 * need every row in one place gather. The fragmenter then cuts the plan at these exchanges.
 *
 * A scan of a table the connector partitions (`TablePartitioning`: its splits carry buckets, and
 * equal keys are in the same bucket of every table of that partitioning) starts out HASH on its
 * key columns under the connector's partitioning, rather than ANY. Two such sides joined on those
 * keys join where they are (a co-located join, as Trino's), an aggregation or window by them runs
 * in place, and neither side moves; the scans whose buckets that relies on are marked `bucketed`,
 * and the scheduler then sends every split of one bucket to one task. A HASH of the connector's
 * never satisfies a repartition by the engine's hash, nor the other way round.
 */
import type {
  AggregationNode,
  ExchangeNode,
  ExchangeType,
  JoinNode,
  Ordering,
  PlanNode,
  ProjectNode,
  SemiJoinNode,
} from './plan-nodes.js';
import { findNodes, rewritePlan } from './plan-utils.js';
import type { PlanSymbol } from './row-expression.js';
import type { RuleContext } from './rule.js';
import { splitAggregation } from './rules/split-aggregations.js';

export type JoinDistributionType = 'AUTOMATIC' | 'PARTITIONED' | 'BROADCAST';

type Distribution = { readonly kind: 'ANY' } | { readonly kind: 'SINGLE' } | HashDistribution;

interface HashDistribution {
  readonly kind: 'HASH';
  readonly keys: readonly string[];
  /**
   * Per key, other symbols known to hold the same value in every row (the other side's keys of
   * an inner join), so that a later step by either name finds the rows already in place.
   */
  readonly aliases?: readonly (readonly string[])[];
  /** The connector's partitioning (by buckets of splits); absent: the engine's hash of the keys. */
  readonly connector?: {
    readonly handle: string;
    readonly keysNeverNull: boolean;
    /** The scans whose splits' buckets place the rows. */
    readonly scans: readonly string[];
  };
}

/** What an exchange carries beyond its type and sources. */
interface ExchangeExtras {
  readonly partitionKeys?: readonly string[];
  readonly orderBy?: readonly Ordering[];
  readonly replicateNullsAndAny?: true;
  readonly estimatedRows?: number;
}

interface Distributed {
  readonly node: PlanNode;
  readonly distribution: Distribution;
}

const ANY: Distribution = { kind: 'ANY' };
const SINGLE: Distribution = { kind: 'SINGLE' };

/**
 * Distinct values one grouping key needs to carry an aggregation's partitioning alone: a hundred
 * per task at Trino's default of 100 hash partitions, so that no task gets a noticeably larger
 * share of the groups.
 */
const MIN_PARTITION_KEY_DISTINCT_VALUES = 10_000;
/** NULLs all hash to one task: a key with more of them than this is not used alone. */
const MAX_PARTITION_KEY_NULL_FRACTION = 0.05;
/** Types whose hash is one number's (fixed width), not a string's or a nested value's. */
const CHEAPLY_HASHED_KINDS: ReadonlySet<string> = new Set(['tinyint', 'smallint', 'integer', 'bigint', 'date']);

export interface AddExchangesOptions {
  /** Forces the distribution of joins that may have either (session `join_distribution_type`). */
  readonly joinDistribution: JoinDistributionType;
  /**
   * Session `use_table_scan_node_partitioning` (default true): scans of tables the connector
   * partitions keep their rows where they are for aggregations and windows by the key.
   */
  readonly tableScanPartitioning?: boolean;
  /** Session `colocated_join` (default true): such tables joined on the key join in place. */
  readonly colocatedJoins?: boolean;
}

/** Returns the plan with REMOTE exchanges; its root produces all rows in one task. */
export function addExchanges(plan: PlanNode, context: RuleContext, options: AddExchangesOptions): PlanNode {
  const planner = new ExchangePlanner(context, options);
  const distributed = planner.gatherAll(plan);
  const bucketed = planner.bucketedScans;
  if (bucketed.size === 0) return distributed;
  return rewritePlan(distributed, (node) =>
    node.kind === 'TableScan' && bucketed.has(node.id) ? { ...node, bucketed: true } : node,
  );
}

class ExchangePlanner {
  /** Scans whose rows some step keeps where their buckets put them. */
  readonly bucketedScans = new Set<string>();
  /**
   * Aggregations whose rows are better hashed on an aggregation's keys above them (a subset of
   * their own): the one above then runs where the rows are, without a second exchange.
   */
  private readonly parentPartitioning = new Map<AggregationNode, readonly string[]>();

  constructor(
    private readonly context: RuleContext,
    private readonly options: AddExchangesOptions,
  ) {}

  gatherAll(plan: PlanNode): PlanNode {
    if (plan.kind === 'Output') return { ...plan, source: this.gather(this.visit(plan.source)) };
    return this.gather(this.visit(plan));
  }

  private exchange(
    type: ExchangeType,
    sources: readonly PlanNode[],
    outputs: readonly PlanSymbol[],
    inputs: readonly (readonly string[])[],
    extra: ExchangeExtras = {},
  ): ExchangeNode {
    return {
      kind: 'Exchange',
      id: this.context.ids.nextId(),
      type,
      scope: 'REMOTE',
      sources,
      inputs,
      outputs,
      ...(extra.partitionKeys ? { partitionKeys: extra.partitionKeys } : {}),
      ...(extra.orderBy ? { orderBy: extra.orderBy } : {}),
      ...(extra.replicateNullsAndAny ? { replicateNullsAndAny: true as const } : {}),
      ...(extra.estimatedRows !== undefined ? { estimatedRows: extra.estimatedRows } : {}),
    };
  }

  private single(node: PlanNode, type: ExchangeType, extra: ExchangeExtras = {}): ExchangeNode {
    return this.exchange(type, [node], node.outputs, [node.outputs.map((s) => s.name)], extra);
  }

  private gather(input: Distributed): PlanNode {
    return input.distribution.kind === 'SINGLE' ? input.node : this.single(input.node, 'GATHER');
  }

  /**
   * Rows with equal `keys` in one task, by the engine's hash (a join's or semi join's sides must
   * agree on it). The connector's partitioning does not count: the other side cannot follow it.
   */
  private repartition(input: Distributed, keys: readonly string[], estimatedRows?: number): Distributed {
    const current = input.distribution;
    if (current.kind === 'HASH' && current.connector === undefined && hashedOn(current, keys)) return input;
    return {
      node: this.single(input.node, 'REPARTITION', {
        partitionKeys: keys,
        ...(estimatedRows !== undefined ? { estimatedRows } : {}),
      }),
      distribution: { kind: 'HASH', keys },
    };
  }

  private replicate(node: PlanNode): PlanNode {
    return this.single(node, 'REPLICATE');
  }

  /** The node over its (unchanged) source keeps the source's distribution if its keys survive. */
  private passThrough(source: Distributed, rebuild: (source: PlanNode) => PlanNode): Distributed {
    const rebuilt = rebuild(source.node);
    return { node: rebuilt, distribution: surviving(source.distribution, rebuilt) };
  }

  /** The node needs all its rows in one task. */
  private onSingle(source: PlanNode, rebuild: (source: PlanNode) => PlanNode): Distributed {
    return { node: rebuild(this.gather(this.visit(source))), distribution: SINGLE };
  }

  /**
   * Whether rows with equal `keys` (every distribution key among them) already share a task, by
   * any partitioning: what an aggregation or window by `keys` needs. Relying on a connector's
   * partitioning binds its scans' splits to tasks by bucket.
   */
  private groupedBy(distribution: Distribution, keys: readonly string[]): boolean {
    if (
      distribution.kind !== 'HASH' ||
      keys.length === 0 ||
      !distribution.keys.every((_, i) => namesAt(distribution, i).some((name) => keys.includes(name)))
    ) {
      return false;
    }
    if (distribution.connector !== undefined) {
      if (this.options.tableScanPartitioning === false) return false;
      this.rely(distribution);
    }
    return true;
  }

  private rely(distribution: HashDistribution): void {
    for (const scan of distribution.connector?.scans ?? []) this.bucketedScans.add(scan);
  }

  /** A scan of a table the connector partitions is HASH on its key columns, when it reads them all. */
  private scanDistribution(node: Extract<PlanNode, { kind: 'TableScan' }>): Distribution {
    const partitioning = this.context.metadata.getTablePartitioning?.(node.table, node.handle);
    if (partitioning === undefined) return ANY;
    const keys: string[] = [];
    for (const column of partitioning.columns) {
      const symbol = node.assignments.find((a) => a.column === column)?.symbol;
      if (symbol === undefined) return ANY;
      keys.push(symbol);
    }
    return {
      kind: 'HASH',
      keys,
      connector: { handle: partitioning.handle, keysNeverNull: partitioning.keysNeverNull === true, scans: [node.id] },
    };
  }

  /**
   * Whether two sides are partitioned alike by the connector and paired key for key by `pairs`
   * (left symbol, right symbol): then rows that match are in the same bucket. Not when the session
   * forces broadcast joins or turns co-located joins off.
   */
  private colocated(left: Distribution, right: Distribution, pairs: readonly (readonly [string, string])[]): boolean {
    if (this.options.colocatedJoins === false || this.options.joinDistribution === 'BROADCAST') return false;
    if (left.kind !== 'HASH' || right.kind !== 'HASH') return false;
    const handle = left.connector?.handle;
    if (handle === undefined || handle !== right.connector?.handle || left.keys.length !== right.keys.length) {
      return false;
    }
    return left.keys.every((_, i) =>
      pairs.some(([l, r]) => namesAt(left, i).includes(l) && namesAt(right, i).includes(r)),
    );
  }

  visit(node: PlanNode): Distributed {
    switch (node.kind) {
      case 'TableScan':
        return { node, distribution: this.scanDistribution(node) };
      case 'Values':
        return { node, distribution: SINGLE };
      case 'Filter':
      case 'Project':
      case 'Unnest':
      case 'GroupId':
      // Each task numbers its rows under its own prefix (AssignUniqueIdOperator).
      case 'AssignUniqueId':
        return this.passThrough(this.visit(node.source), (source) => ({ ...node, source }) as PlanNode);
      case 'Aggregation':
        return this.aggregation(node);
      case 'Join':
        return this.join(node);
      case 'SemiJoin':
        return this.semiJoin(node);
      case 'TopN': {
        const source = this.visit(node.source);
        if (source.distribution.kind === 'SINGLE' || node.step !== 'SINGLE') {
          return { node: { ...node, source: source.node }, distribution: source.distribution };
        }
        const partial = this.context.factory.topN(source.node, node.count, node.orderBy, 'PARTIAL');
        return {
          node: { ...node, step: 'FINAL', source: this.gather({ node: partial, distribution: ANY }) },
          distribution: SINGLE,
        };
      }
      case 'Limit': {
        const source = this.visit(node.source);
        if (source.distribution.kind === 'SINGLE' || node.partial) {
          return { node: { ...node, source: source.node }, distribution: source.distribution };
        }
        const partial = this.context.factory.limit(source.node, node.count, {
          partial: true,
          ...(node.tiesResolvingScheme ? { ties: node.tiesResolvingScheme } : {}),
        });
        return { node: { ...node, source: this.gather({ node: partial, distribution: ANY }) }, distribution: SINGLE };
      }
      case 'Window': {
        if (node.partitionBy.length === 0) return this.onSingle(node.source, (source) => ({ ...node, source }));
        const input = this.visit(node.source);
        const source = this.groupedBy(input.distribution, node.partitionBy)
          ? input
          : this.repartition(input, node.partitionBy);
        return { node: { ...node, source: source.node }, distribution: source.distribution };
      }
      case 'Union':
        return this.union(node);
      case 'Exchange':
        // A LOCAL exchange merges its sources; in a distributed plan it becomes a gather.
        return {
          node: this.exchange(
            'GATHER',
            node.sources.map((s) => this.visit(s).node),
            node.outputs,
            node.inputs,
            node.orderBy ? { orderBy: node.orderBy } : {},
          ),
          distribution: SINGLE,
        };
      case 'Output':
        return { node: { ...node, source: this.gather(this.visit(node.source)) }, distribution: SINGLE };
      case 'Sort': {
        const source = this.visit(node.source);
        if (source.distribution.kind === 'SINGLE')
          return { node: { ...node, source: source.node }, distribution: SINGLE };
        // Each task sorts its rows; the gather merges the sorted streams.
        const partial = { ...node, partial: true, id: this.context.ids.nextId(), source: source.node };
        return {
          node: this.exchange('GATHER', [partial], node.outputs, [node.outputs.map((s) => s.name)], {
            orderBy: node.orderBy,
          }),
          distribution: SINGLE,
        };
      }
      case 'TableWriter': {
        // Writers run where their rows are (each node writes its share); TableFinish, or the
        // coordinator itself, gathers what they report.
        const source = this.visit(node.source);
        const distribution = source.distribution.kind === 'SINGLE' ? SINGLE : ANY;
        return { node: { ...node, source: source.node }, distribution };
      }
      case 'Offset':
      case 'EnforceSingleRow':
      case 'RowNumber':
      case 'MarkDistinct':
      case 'TableFinish':
        return this.onSingle(node.source, (source) => ({ ...node, source }) as PlanNode);
      case 'Apply':
      case 'CorrelatedJoin':
      case 'RemoteSource':
        throw new Error(`cannot distribute a plan that still has a ${node.kind} node`);
    }
  }

  private aggregation(logical: AggregationNode): Distributed {
    const node = withExpectedGroups(logical, this.context.stats.rowCount(logical));
    this.preferForAggregationBelow(node);
    const source = this.visit(node.source);
    const keys = node.groupingKeys;
    const dist = source.distribution;
    if (dist.kind === 'SINGLE' || node.step !== 'SINGLE') {
      return { node: { ...node, source: source.node }, distribution: keys.length > 0 ? surviving(dist, node) : SINGLE };
    }
    // Rows with equal keys already share a task: aggregate in place.
    if (this.groupedBy(dist, keys)) {
      return { node: { ...node, source: source.node }, distribution: dist };
    }
    const split = splitAggregation({ ...node, source: source.node }, this.context);
    if (split.kind === 'Aggregation' && split.step === 'FINAL' && split.source.kind === 'Aggregation') {
      const partial = withExpectedGroups(split.source, node.expectedGroups);
      const moved =
        keys.length === 0
          ? { node: this.gather({ node: partial, distribution: ANY }), distribution: SINGLE }
          : this.repartition(
              { node: partial, distribution: ANY },
              this.partitionKeysOf(logical, keys),
              node.expectedGroups,
            );
      return { node: { ...split, source: moved.node }, distribution: moved.distribution };
    }
    // DISTINCT and ordered aggregates need all rows of a group in one task.
    if (keys.length === 0) return this.onSingle(node.source, (s) => ({ ...node, source: s }));
    const moved = this.repartition(source, this.partitionKeysOf(logical, keys));
    return { node: { ...node, source: moved.node }, distribution: moved.distribution };
  }

  private partitionKeysOf(node: AggregationNode, keys: readonly string[]): readonly string[] {
    return this.parentPartitioning.get(node) ?? this.aggregationPartitionKeys(node, keys);
  }

  /**
   * An aggregation by keys K over one by K and more (what `count(DISTINCT x) ... GROUP BY K`
   * becomes: by K and x, then by K) would repartition twice, on K+x and then on K. Rows hashed on
   * K are also grouped by K+x, so the one below is asked to hash on K (or on the key of K it
   * would pick alone) and the one above then aggregates in place, as Trino's exchange planner
   * does with its parent's preferred partitioning. Only when the statistics promise at least
   * `MIN_PARTITION_KEY_DISTINCT_VALUES` groups by K: a few groups would put every row in a few
   * tasks, where hashing on K+x spreads the DISTINCT step over all of them.
   */
  private preferForAggregationBelow(node: AggregationNode): void {
    const keys = node.groupingKeys;
    if (node.step !== 'SINGLE' || keys.length === 0 || findNodes(node.source, 'GroupId').length > 0) return;
    let below: PlanNode = node.source;
    while (below.kind === 'Project' || below.kind === 'Filter') {
      if (below.kind === 'Project') {
        const kept = passedThrough(below);
        if (!keys.every((key) => kept.has(key))) return;
      }
      below = below.source;
    }
    if (
      below.kind !== 'Aggregation' ||
      below.step !== 'SINGLE' ||
      below.groupingKeys.length <= keys.length ||
      !keys.every((key) => below.groupingKeys.includes(key))
    ) {
      return;
    }
    const groups = this.context.stats.rowCount(node);
    if (groups === undefined || !(groups >= MIN_PARTITION_KEY_DISTINCT_VALUES)) return;
    this.parentPartitioning.set(below, this.aggregationPartitionKeys(node, keys));
  }

  /**
   * The keys an aggregation's rows are hashed on to reach their task. Any of the grouping keys
   * would do — rows with equal grouping keys are equal in each of them — so when the statistics
   * show one integer or date key with at least `MIN_PARTITION_KEY_DISTINCT_VALUES` distinct values
   * (and few NULLs, which all hash alike), the rows are hashed on it alone: TPC-H q10's customer
   * columns (a key, five strings, a double) cost seven column hashes a row on the sending worker,
   * its key one. A later step by that key (a join on it) then finds the rows in place. With
   * unknown statistics, or no such key, every grouping key is hashed, as Trino does.
   */
  private aggregationPartitionKeys(node: AggregationNode, keys: readonly string[]): readonly string[] {
    // Grouping sets NULL out keys per set: the rows of a set without the chosen key would all hash
    // alike. (GroupId's outputs carry no statistics today; this keeps it so if they come to.)
    if (keys.length < 2 || findNodes(node.source, 'GroupId').length > 0) return keys;
    const symbols = this.context.stats.estimate(node.source).symbols;
    let best: string | undefined;
    let bestDistinct = MIN_PARTITION_KEY_DISTINCT_VALUES - 1;
    for (const key of keys) {
      const type = node.source.outputs.find((symbol) => symbol.name === key)?.type;
      if (type === undefined || !CHEAPLY_HASHED_KINDS.has(type.kind)) continue;
      const stats = symbols.get(key);
      const distinct = stats?.distinctValues;
      if (
        distinct === undefined ||
        distinct <= bestDistinct ||
        (stats?.nullFraction ?? 1) > MAX_PARTITION_KEY_NULL_FRACTION
      ) {
        continue;
      }
      best = key;
      bestDistinct = distinct;
    }
    return best === undefined ? keys : [best];
  }

  private join(node: JoinNode): Distributed {
    const left = this.visit(node.left);
    const right = this.visit(node.right);
    const canReplicate = node.joinType === 'INNER' || node.joinType === 'LEFT';
    const canPartition = node.criteria.length > 0;
    let replicated: boolean;
    if (!canPartition) replicated = true;
    else if (!canReplicate) replicated = false;
    else replicated = this.replicates(node.distribution);
    if (left.distribution.kind === 'SINGLE') {
      // The probe side is in one task: bring the build side there too.
      return { node: { ...node, left: left.node, right: this.gather(right) }, distribution: SINGLE };
    }
    const pairs = node.criteria.map((c) => [c.left, c.right] as const);
    if (canPartition && this.colocated(left.distribution, right.distribution, pairs)) {
      return this.colocatedJoin(node, left, right);
    }
    if (replicated && canReplicate) {
      return {
        node: { ...node, distribution: 'REPLICATED', left: left.node, right: this.replicate(right.node) },
        distribution: left.distribution,
      };
    }
    if (!canPartition) {
      // A RIGHT or FULL join without equi-criteria: both sides in one task.
      return { node: { ...node, left: this.gather(left), right: this.gather(right) }, distribution: SINGLE };
    }
    const leftKeys = node.criteria.map((c) => c.left);
    const rightKeys = node.criteria.map((c) => c.right);
    const partitionedLeft = this.repartition(left, leftKeys);
    const partitionedRight = this.repartition(right, rightKeys);
    let distribution: Distribution = ANY;
    if (node.joinType === 'INNER') distribution = { kind: 'HASH', keys: leftKeys, aliases: rightKeys.map((k) => [k]) };
    else if (node.joinType === 'LEFT') distribution = { kind: 'HASH', keys: leftKeys };
    return {
      node: { ...node, distribution: 'PARTITIONED', left: partitionedLeft.node, right: partitionedRight.node },
      distribution,
    };
  }

  /**
   * Both sides stay where the connector put them: no exchange. The output keeps the preserved
   * side's partitioning (either side's for an inner join: the keys are equal).
   */
  private colocatedJoin(node: JoinNode, left: Distributed, right: Distributed): Distributed {
    const leftHash = left.distribution as HashDistribution;
    const rightHash = right.distribution as HashDistribution;
    this.rely(leftHash);
    this.rely(rightHash);
    const scans = [...(leftHash.connector?.scans ?? []), ...(rightHash.connector?.scans ?? [])];
    const joined = (hash: HashDistribution): Distribution =>
      hash.connector === undefined ? hash : { ...hash, connector: { ...hash.connector, scans } };
    let distribution: Distribution;
    if (node.joinType === 'INNER') {
      // Either side's names for a key will do.
      distribution = joined({
        ...leftHash,
        aliases: leftHash.keys.map((_, i) => [...namesAt(leftHash, i).slice(1), ...namesAt(rightHash, i)]),
      });
    } else if (node.joinType === 'LEFT') distribution = joined(leftHash);
    else if (node.joinType === 'RIGHT') distribution = joined(rightHash);
    else distribution = ANY;
    return {
      node: { ...node, distribution: 'PARTITIONED', left: left.node, right: right.node },
      distribution,
    };
  }

  private semiJoin(node: SemiJoinNode): Distributed {
    const source = this.visit(node.source);
    const filtering = this.visit(node.filteringSource);
    if (source.distribution.kind === 'SINGLE') {
      return { node: { ...node, source: source.node, filteringSource: this.gather(filtering) }, distribution: SINGLE };
    }
    // Both sides bucketed alike on keys that are never NULL: each task's set is complete for its
    // rows (with NULLs, every task would need the whole set's NULL and emptiness).
    if (
      this.colocated(source.distribution, filtering.distribution, [[node.sourceKey, node.filteringKey]]) &&
      (source.distribution as HashDistribution).connector?.keysNeverNull === true &&
      (filtering.distribution as HashDistribution).connector?.keysNeverNull === true
    ) {
      this.rely(source.distribution as HashDistribution);
      this.rely(filtering.distribution as HashDistribution);
      return {
        node: { ...node, distribution: 'PARTITIONED', source: source.node, filteringSource: filtering.node },
        distribution: source.distribution,
      };
    }
    if (!this.replicates(node.distribution)) {
      // Both sides by their key. The filtering side always crosses a new exchange, even when its
      // rows are already partitioned by the key: only that exchange copies its NULLs and one row to
      // every task.
      const keys = [node.filteringKey];
      const partitionedSource = this.repartition(source, [node.sourceKey]);
      const partitionedFiltering = this.single(filtering.node, 'REPARTITION', {
        partitionKeys: keys,
        replicateNullsAndAny: true,
      });
      return {
        node: {
          ...node,
          distribution: 'PARTITIONED',
          source: partitionedSource.node,
          filteringSource: partitionedFiltering,
        },
        distribution: partitionedSource.distribution,
      };
    }
    return {
      node: {
        ...node,
        distribution: 'REPLICATED',
        source: source.node,
        filteringSource: this.replicate(filtering.node),
      },
      distribution: source.distribution,
    };
  }

  /** Whether a join (or semi join) replicates: the session's join distribution decides, else the optimizer's choice. */
  private replicates(planned: 'PARTITIONED' | 'REPLICATED' | undefined): boolean {
    if (this.options.joinDistribution === 'BROADCAST') return true;
    if (this.options.joinDistribution === 'PARTITIONED') return false;
    return planned !== 'PARTITIONED';
  }

  private union(node: Extract<PlanNode, { kind: 'Union' }>): Distributed {
    const sources = node.sources.map((s) => this.visit(s));
    return {
      node: this.exchange(
        'GATHER',
        sources.map((s) => s.node),
        node.outputs,
        node.symbolMapping,
      ),
      distribution: SINGLE,
    };
  }
}

/** The symbols a projection outputs unchanged under the same name. */
function passedThrough(node: ProjectNode): ReadonlySet<string> {
  return new Set(
    node.assignments
      .filter((a) => a.expression.kind === 'Symbol' && a.expression.name === a.symbol)
      .map((a) => a.symbol),
  );
}

/** A key's names: the key, then its aliases. */
function namesAt(distribution: HashDistribution, index: number): readonly string[] {
  const key = distribution.keys[index];
  return key === undefined ? [] : [key, ...(distribution.aliases?.[index] ?? [])];
}

/** Whether the rows are hashed on `keys` in this order, under any of the keys' names. */
function hashedOn(distribution: HashDistribution, keys: readonly string[]): boolean {
  return distribution.keys.length === keys.length && keys.every((key, i) => namesAt(distribution, i).includes(key));
}

/**
 * HASH distribution survives a node only if the node still outputs every key under one of its
 * names (a projection: unchanged, under the same name); the names it drops are forgotten.
 */
function surviving(distribution: Distribution, node: PlanNode): Distribution {
  if (distribution.kind !== 'HASH') return distribution;
  let kept: ReadonlySet<string>;
  if (node.kind === 'Project') {
    kept = passedThrough(node);
  } else {
    kept = new Set(node.outputs.map((s) => s.name));
  }
  const names = distribution.keys.map((_, i) => namesAt(distribution, i).filter((name) => kept.has(name)));
  if (names.some((list) => list.length === 0)) return ANY;
  if (names.every((list, i) => list.length === namesAt(distribution, i).length)) return distribution;
  const { aliases: _, ...rest } = distribution;
  const aliases = names.map((list) => list.slice(1));
  const keys = names.map((list) => list[0] as string);
  return aliases.some((list) => list.length > 0) ? { ...rest, keys, aliases } : { ...rest, keys };
}

/**
 * Groups a hash aggregation sizes its table for at first: the estimate, capped so that a wrong
 * estimate costs at most a table of a million groups (16-32 MB) rather than whatever it claims.
 * Each task of a stage gets the whole estimate: its share is not known when the plan is made.
 */
const MAX_EXPECTED_GROUPS = 1 << 20;

function withExpectedGroups(node: AggregationNode, groups: number | undefined): AggregationNode {
  if (node.groupingKeys.length === 0 || groups === undefined || !Number.isFinite(groups) || groups <= 0) return node;
  return { ...node, expectedGroups: Math.min(MAX_EXPECTED_GROUPS, Math.ceil(groups)) };
}
