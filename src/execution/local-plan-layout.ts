/**
 * The local planner's helpers over a source's output layout (symbol → channel and type): reading
 * channels, types and sort orderings by symbol, arranging channels as a node's outputs, and
 * appending an operator to the current pipeline. Shared by the per-node planning modules.
 */
import type { Ordering } from '../planner/plan-nodes.js';
import type { Type } from '../types/type.js';
import { entryOf, type PhysicalOperation, type PipelineBuilder } from './local-plan-types.js';
import type { Operator } from './operator.js';
import type { SortOrdering } from './sort/sort-keys.js';

/** A source's output: symbol to channel and type. */
export type Layout = PhysicalOperation['layout'];

export function channelOf(layout: Layout, symbol: string): number {
  return entryOf(layout, symbol).channel;
}

export function typesOf(layout: Layout): Type[] {
  const types: Type[] = [];
  for (const { channel, type } of layout.values()) types[channel] = type;
  return types;
}

export function orderings(layout: Layout, orderBy: readonly Ordering[]): SortOrdering[] {
  return orderBy.map((o) => {
    const entry = entryOf(layout, o.symbol);
    return { channel: entry.channel, type: entry.type, ascending: o.ascending, nullsFirst: o.nullsFirst };
  });
}

/** The source's channels arranged as the node's outputs (a no-op when they already are). */
export function shaped(
  builder: PipelineBuilder,
  source: PhysicalOperation,
  outputs: readonly { name: string; type: Type }[],
): PhysicalOperation {
  return builder.project(
    source,
    outputs.map((o) => ({ symbol: o.name, channel: channelOf(source.layout, o.name), type: o.type })),
  );
}

export function append(
  source: PhysicalOperation,
  builder: PipelineBuilder,
  type: string,
  create: (ctx: ReturnType<PipelineBuilder['operatorContext']>) => Operator,
): void {
  source.operators.push(create(builder.operatorContext(type)));
}
