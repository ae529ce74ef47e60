/**
 * Cuts a distributed plan (with REMOTE exchanges, see add-exchanges.ts) into plan fragments, the
 * units that stages run: each exchange's sources become fragments of their own and the exchange
 * becomes a RemoteSource leaf in the fragment that consumes it. The root fragment is `0`; the
 * others are numbered from `1` in depth-first order. A fragment says how its tasks are spread
 * (SOURCE: table scans split across workers; HASH: one task per hash partition; SINGLE: one task)
 * and how its output is partitioned for its consumer (to one task, to every task, or by a hash of
 * some output channels). Fragments are plain data: they travel to workers as JSON.
 */
import { type ExchangeNode, type Ordering, type PlanNode, type RemoteSourceNode, sourcesOf } from './plan-nodes.js';
import { findNodes, withSources } from './plan-utils.js';
import type { PlanNodeIdAllocator } from './symbol-allocator.js';

export type FragmentPartitioning = 'SOURCE' | 'HASH' | 'SINGLE';

export type OutputPartitioning =
  | { readonly kind: 'SINGLE' }
  | { readonly kind: 'BROADCAST' }
  | {
      readonly kind: 'HASH';
      readonly channels: readonly number[];
      /** Rows whose (one) key is NULL, and one other row, go to every consumer (ExchangeNode.replicateNullsAndAny). */
      readonly replicateNullsAndAny?: true;
    };

export interface PlanFragment {
  readonly id: string;
  readonly root: PlanNode;
  readonly partitioning: FragmentPartitioning;
  readonly outputPartitioning: OutputPartitioning;
  /** Fragments this one reads through RemoteSource nodes. */
  readonly childIds: readonly string[];
  /** Ids of the table scan nodes of a SOURCE fragment (splits are assigned per scan node). */
  readonly scanNodeIds: readonly string[];
  /**
   * HASH fragments whose every REPARTITION input carries an estimate (`ExchangeNode.estimatedRows`):
   * the rows they expect in all. The scheduler sizes the stage's task count by it.
   */
  readonly estimatedInputRows?: number;
}

export interface FragmentedPlan {
  /** Root first; every fragment's children come after it. */
  readonly fragments: readonly PlanFragment[];
}

interface PendingFragment {
  readonly id: string;
  root: PlanNode;
  readonly outputPartitioning: OutputPartitioning;
}

export function fragmentPlan(plan: PlanNode, ids: PlanNodeIdAllocator): FragmentedPlan {
  const fragments: PlanFragment[] = [];
  let nextId = 0;
  const pending: PendingFragment[] = [];
  /** The estimates of the REMOTE exchanges that carry one, by the id their RemoteSource keeps. */
  const estimatedRows = new Map<string, number>();

  const cut = (node: PlanNode, childIds: string[]): PlanNode => {
    if (node.kind === 'Exchange' && node.scope === 'REMOTE') {
      const sourceIds = node.sources.map((source, index) => {
        const id = String(nextId++);
        const root = alignOutputs(source, node, index, ids);
        const outputPartitioning = outputPartitioningOf(node, root);
        const fragment: PendingFragment = { id, root, outputPartitioning };
        pending.push(fragment);
        const nested: string[] = [];
        fragment.root = cut(root, nested);
        finish(fragment, nested);
        return id;
      });
      childIds.push(...sourceIds);
      if (node.estimatedRows !== undefined) estimatedRows.set(node.id, node.estimatedRows);
      const remote: RemoteSourceNode = {
        kind: 'RemoteSource',
        id: node.id,
        outputs: node.outputs,
        sourceFragmentIds: sourceIds,
        exchangeType: node.type,
        ...(node.orderBy ? { orderBy: node.orderBy as readonly Ordering[] } : {}),
      };
      return remote;
    }
    const sources = sourcesOf(node);
    if (sources.length === 0) return node;
    const rewritten = sources.map((s) => cut(s, childIds));
    return rewritten.every((s, i) => s === sources[i]) ? node : withSources(node, rewritten);
  };

  const finish = (fragment: PendingFragment, childIds: string[]): void => {
    const scans = findNodes(fragment.root, 'TableScan').map((n) => n.id);
    const remotes = findNodes(fragment.root, 'RemoteSource');
    let partitioning: FragmentPartitioning;
    if (scans.length > 0) partitioning = 'SOURCE';
    else if (remotes.some((r) => r.exchangeType === 'REPARTITION')) partitioning = 'HASH';
    else partitioning = 'SINGLE';
    let inputRows: number | undefined;
    if (partitioning === 'HASH') {
      inputRows = 0;
      for (const remote of remotes) {
        if (remote.exchangeType !== 'REPARTITION') continue;
        const rows = estimatedRows.get(remote.id);
        if (rows === undefined) {
          inputRows = undefined;
          break;
        }
        inputRows += rows;
      }
    }
    fragments.push({
      id: fragment.id,
      root: fragment.root,
      partitioning,
      outputPartitioning: fragment.outputPartitioning,
      childIds,
      scanNodeIds: scans,
      ...(inputRows !== undefined ? { estimatedInputRows: inputRows } : {}),
    });
  };

  const rootFragment: PendingFragment = { id: String(nextId++), root: plan, outputPartitioning: { kind: 'SINGLE' } };
  const rootChildren: string[] = [];
  rootFragment.root = cut(plan, rootChildren);
  finish(rootFragment, rootChildren);
  // Children were finished before their parents: put the root first, then ascending ids.
  fragments.sort((a, b) => Number(a.id) - Number(b.id));
  return { fragments };
}

/** The source's rows in the exchange's channel order (a fragment's pages are the exchange's). */
function alignOutputs(source: PlanNode, exchange: ExchangeNode, index: number, ids: PlanNodeIdAllocator): PlanNode {
  const wanted = exchange.inputs[index];
  if (wanted.length === source.outputs.length && wanted.every((name, i) => source.outputs[i].name === name)) {
    return source;
  }
  const types = new Map(source.outputs.map((s) => [s.name, s.type] as const));
  const outputs = exchange.outputs.map((symbol, i) => ({
    name: wanted[i],
    type: types.get(wanted[i]) ?? symbol.type,
  }));
  return {
    kind: 'Project',
    id: ids.nextId(),
    source,
    outputs,
    assignments: outputs.map((symbol) => ({
      symbol: symbol.name,
      expression: { kind: 'Symbol', name: symbol.name, type: symbol.type },
    })),
  };
}

function outputPartitioningOf(exchange: ExchangeNode, root: PlanNode): OutputPartitioning {
  switch (exchange.type) {
    case 'GATHER':
      return { kind: 'SINGLE' };
    case 'REPLICATE':
      return { kind: 'BROADCAST' };
    case 'REPARTITION': {
      const names = root.outputs.map((s) => s.name);
      // The exchange's partition keys name its output symbols; the source's channels are the same positions.
      const exchangeNames = exchange.outputs.map((s) => s.name);
      const channels = (exchange.partitionKeys ?? []).map((key) => {
        const channel = exchangeNames.indexOf(key);
        return channel >= 0 ? channel : names.indexOf(key);
      });
      if (channels.some((c) => c < 0)) throw new Error('a partition key is not an output of the exchange');
      return {
        kind: 'HASH',
        channels,
        ...(exchange.replicateNullsAndAny ? { replicateNullsAndAny: true as const } : {}),
      };
    }
  }
}
