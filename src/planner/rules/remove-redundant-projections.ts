/**
 * Projections that compute nothing disappear: one that outputs exactly its source's symbols in
 * the same order, and one under the root Output that only selects or renames symbols (the
 * Output names its columns by source symbol and may use one several times).
 */

import { fail } from '../../common/invariant.js';
import type { PlanNode, ProjectNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule } from '../rule.js';

export const removeRedundantProjections: PlanRule = {
  name: 'RemoveRedundantProjections',
  apply(plan: PlanNode): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind === 'Project' && isIdentity(node)) return node.source;
      if (node.kind === 'Output' && node.source.kind === 'Project') {
        const project = node.source;
        if (!project.assignments.every((a) => a.expression.kind === 'Symbol')) return node;
        const definitions = new Map(
          project.assignments.map((a) => [a.symbol, (a.expression as { name: string }).name]),
        );
        const columns = node.columns.map((c) => definitions.get(c) ?? c);
        const types = new Map(project.source.outputs.map((s) => [s.name, s.type]));
        return {
          ...node,
          source: project.source,
          columns,
          outputs: columns.map((name) => ({
            name,
            type: types.get(name) ?? fail(`column ${name} is not an output of the source`),
          })),
        };
      }
      return node;
    });
  },
};

function isIdentity(node: ProjectNode): boolean {
  const source = node.source.outputs;
  return (
    node.assignments.length === source.length &&
    node.assignments.every(
      (a, i) => a.expression.kind === 'Symbol' && a.expression.name === a.symbol && source[i].name === a.symbol,
    )
  );
}
