/**
 * EXPLAIN (TYPE DISTRIBUTED) text: each fragment with its partitioning, output layout and output
 * partitioning, then its plan tree (RemoteSource leaves naming the fragments they read), in the
 * spirit of Presto's `Fragment 1 [HASH]` listing.
 */
import type { FragmentedPlan, OutputPartitioning } from './fragmenter.js';
import { printPlan } from './plan-printer.js';

function describeOutput(partitioning: OutputPartitioning, layout: readonly string[]): string {
  switch (partitioning.kind) {
    case 'SINGLE':
      return 'SINGLE []';
    case 'BROADCAST':
      return 'BROADCAST []';
    case 'HASH':
      return `HASH [${partitioning.channels.map((c) => layout[c]).join(', ')}]${partitioning.replicateNullsAndAny ? ' (replicate nulls and any)' : ''}`;
  }
}

export function printFragments(plan: FragmentedPlan): string {
  const blocks = plan.fragments.map((fragment) => {
    const layout = fragment.root.outputs.map((s) => s.name);
    const body = printPlan(fragment.root)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => `    ${line}`)
      .join('\n');
    return [
      `Fragment ${fragment.id} [${fragment.partitioning}]`,
      `    Output layout: [${layout.join(', ')}]`,
      `    Output partitioning: ${describeOutput(fragment.outputPartitioning, layout)}`,
      body,
    ].join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}
