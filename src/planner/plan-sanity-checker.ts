/**
 * Structural checks of a finished plan, run after optimization (and by the tests after every
 * rule): every symbol a node reads is an output of its sources, outputs of pass-through nodes
 * match their source, projection and aggregation outputs are unique, and no planner-internal
 * node is left. A failure is a planner bug: GENERIC_INTERNAL_ERROR naming the node.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { PlanNode } from './plan-nodes.js';
import { sourcesOf } from './plan-nodes.js';
import { referencedSymbols, walkPlan } from './plan-utils.js';

export function checkPlan(plan: PlanNode, options: { allowCorrelated?: boolean } = {}): void {
  walkPlan(plan, (node) => {
    const fail = (message: string): never => {
      throw new VivaceError('GENERIC_INTERNAL_ERROR', `Invalid plan: ${node.kind} ${node.id}: ${message}`);
    };
    if ((node.kind === 'Apply' || node.kind === 'CorrelatedJoin') && !options.allowCorrelated) {
      fail('correlated subquery left in the plan');
    }
    const names = node.outputs.map((s) => s.name);
    if (node.kind !== 'Output' && new Set(names).size !== names.length) fail(`duplicate outputs [${names.join(', ')}]`);
    if (options.allowCorrelated) return;
    const available = new Set<string>();
    for (const source of sourcesOf(node)) for (const s of source.outputs) available.add(s.name);
    for (const symbol of referencedSymbols(node)) {
      if (!available.has(symbol)) fail(`reads ${symbol}, which its sources do not produce`);
    }
    switch (node.kind) {
      case 'Filter':
      case 'Sort':
      case 'TopN':
      case 'Limit':
      case 'Offset':
      case 'EnforceSingleRow': {
        const source = node.source.outputs.map((s) => s.name).join(',');
        if (source !== names.join(',')) fail('outputs differ from its source');
        break;
      }
      case 'Project':
        if (node.assignments.map((a) => a.symbol).join(',') !== names.join(','))
          fail('outputs differ from assignments');
        break;
      default:
        break;
    }
  });
}
