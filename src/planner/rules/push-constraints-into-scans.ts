/**
 * A filter directly over a table scan hands the scan the TupleDomain its predicate implies
 * (tuple-domain.ts), so the connector can skip data. The filter stays: connectors are not yet
 * trusted to enforce the constraint exactly.
 */
import { structuralKey } from '../../common/structural-key.js';
import type { Type } from '../../types/type.js';
import type { PlanNode, TupleDomain } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule } from '../rule.js';
import { extractTupleDomain, intersectTupleDomains } from '../tuple-domain.js';

export const pushConstraintsIntoScans: PlanRule = {
  name: 'PushConstraintsIntoScans',
  apply(plan: PlanNode): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Filter' || node.source.kind !== 'TableScan') return node;
      const scan = node.source;
      const columns = new Map<string, { column: string; type: Type }>();
      const types = new Map<string, Type>();
      scan.assignments.forEach((a, i) => {
        columns.set(a.symbol, { column: a.column, type: scan.outputs[i]!.type });
        types.set(a.column, scan.outputs[i]!.type);
      });
      const extracted = extractTupleDomain(node.predicate, (s) => columns.get(s));
      if (!extracted.none && Object.keys(extracted.columns).length === 0) return node;
      const constraint: TupleDomain = intersectTupleDomains(scan.constraint, extracted, (c) => types.get(c)!);
      if (structuralKey(constraint) === structuralKey(scan.constraint)) return node;
      return { ...node, source: { ...scan, constraint } };
    });
  },
};
