/**
 * A filter directly over a table scan offers the scan's connector the TupleDomain its predicate
 * implies (tuple-domain.ts), in SPI values (spi-values.ts), so the connector can skip data; the
 * scan keeps the domain (a hint for split listing and page sources). Through `applyFilter` the
 * connector answers what it guarantees: the scan gets its new handle, and the Filter keeps every
 * conjunct on a column the connector leaves in `remaining` and every conjunct a domain cannot
 * express; a Filter with nothing left goes. A connector that answers nothing keeps the Filter
 * whole.
 */

import { fail } from '../../common/invariant.js';
import { structuralKey } from '../../common/structural-key.js';
import type { Type } from '../../types/type.js';
import { combineConjuncts, conjuncts } from '../expressions.js';
import type { PlanNode, TupleDomain } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule } from '../rule.js';
import { toSpiTupleDomain } from '../spi-values.js';
import { exactTermColumn, extractTupleDomain, intersectTupleDomains } from '../tuple-domain.js';

/** JSON text of a domain (values may be JS bigints), to tell whether it changed. */
function domainKey(domain: TupleDomain | undefined): string | undefined {
  // Structural: bigints, ±Infinity, NaN and -0 in the domain's values stay apart.
  return domain === undefined ? undefined : structuralKey(domain);
}

export const pushConstraintsIntoScans: PlanRule = {
  name: 'PushConstraintsIntoScans',
  apply(plan: PlanNode, context): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind !== 'Filter' || node.source.kind !== 'TableScan') return node;
      const scan = node.source;
      const columns = new Map<string, { column: string; type: Type }>();
      const types = new Map<string, Type>();
      scan.assignments.forEach((a, i) => {
        columns.set(a.symbol, { column: a.column, type: scan.outputs[i].type });
        types.set(a.column, scan.outputs[i].type);
      });
      const extracted = extractTupleDomain(node.predicate, (s) => columns.get(s));
      if (!extracted.none && Object.keys(extracted.columns).length === 0) return node;
      const offered: TupleDomain = intersectTupleDomains(
        scan.constraint,
        toSpiTupleDomain(extracted, (c) => types.get(c)),
        (c) => types.get(c) ?? fail(`constrained column ${c} is not a column of the scan`),
      );
      if (domainKey(offered) === domainKey(scan.constraint)) return node;
      const answer = context.metadata.applyFilter?.(scan.table, scan.handle, offered);
      const source = {
        ...scan,
        ...(answer?.handle !== undefined ? { handle: answer.handle } : {}),
        constraint: offered,
      };
      if (answer === undefined || answer.remaining.none) return { ...node, source };
      const remaining = answer.remaining.columns;
      const kept = conjuncts(node.predicate).filter((term) => {
        const column = exactTermColumn(term, (s) => columns.get(s));
        return column === undefined || Object.hasOwn(remaining, column);
      });
      if (kept.length === 0) return source;
      return { ...node, predicate: combineConjuncts(kept), source };
    });
  },
};
