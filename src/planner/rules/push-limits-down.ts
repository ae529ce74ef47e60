/**
 * LIMIT and TopN pushdown: a Limit over a Sort is a TopN; nested limits keep the smaller count
 * (a Limit over fewer rows than it allows disappears);
 * a Limit moves below a projection; into each UNION branch goes a partial Limit (the final one
 * stays above); a Limit right over a table scan tells the scan to stop each split early and
 * offers the limit to the connector (`applyLimit`): the Limit stays unless the connector
 * guarantees it over the whole scan; LIMIT 0 is an empty VALUES; a TopN moves below a projection
 * that only renames its ordering symbols.
 */
import type { LimitNode, PlanNode } from '../plan-nodes.js';
import { rewritePlan } from '../plan-utils.js';
import type { PlanRule, RuleContext } from '../rule.js';

export const pushLimitsDown: PlanRule = {
  name: 'PushLimitsDown',
  apply(plan: PlanNode, context: RuleContext): PlanNode {
    return rewritePlan(plan, (node) => {
      if (node.kind === 'Limit') return limit(node, context);
      if (node.kind === 'TopN' && node.source.kind === 'Project') {
        const project = node.source;
        const definitions = new Map(project.assignments.map((a) => [a.symbol, a.expression]));
        const renames = node.orderBy.map((o) => definitions.get(o.symbol));
        if (!renames.every((e) => e?.kind === 'Symbol')) return node;
        const orderBy = node.orderBy.map((o, i) => ({ ...o, symbol: (renames[i] as { name: string }).name }));
        const topN = context.factory.topN(project.source, node.count, orderBy, node.step);
        return { ...project, source: topN };
      }
      return node;
    });
  },
};

/** Whether `node` yields at most `count` rows (a partial limit counts only when `partialToo`). */
function limitedTo(node: PlanNode, count: number, partialToo = false): boolean {
  switch (node.kind) {
    case 'Limit':
      return node.count <= count && !node.tiesResolvingScheme && (partialToo || !node.partial);
    case 'TopN':
      return node.count <= count && (partialToo || node.step === 'SINGLE');
    case 'Project':
      return limitedTo(node.source, count, partialToo);
    default:
      return false;
  }
}

function limit(node: LimitNode, ctx: RuleContext): PlanNode {
  const { factory } = ctx;
  const source = node.source;
  if (node.count === 0) return factory.empty(node.outputs);
  if (node.tiesResolvingScheme) return node;
  if (!node.partial && limitedTo(source, node.count)) return source;
  switch (source.kind) {
    case 'Sort':
      return node.partial ? node : factory.topN(source.source, node.count, source.orderBy);
    case 'TopN':
      return node.partial ? node : { ...source, count: Math.min(source.count, node.count) };
    case 'Limit':
      if (source.tiesResolvingScheme || source.partial !== node.partial) return node;
      return { ...source, count: Math.min(source.count, node.count) };
    case 'Project':
      return { ...source, source: factory.limit(source.source, node.count, { partial: node.partial }) };
    case 'Union': {
      if (node.partial) return node;
      if (source.sources.every((s) => limitedTo(s, node.count, true))) return node;
      const sources = source.sources.map((s) =>
        limitedTo(s, node.count, true) ? s : factory.limit(s, node.count, { partial: true }),
      );
      return { ...node, source: { ...source, sources } };
    }
    case 'TableScan': {
      if (source.limit !== undefined && source.limit <= node.count) return node;
      const answer = ctx.metadata.applyLimit?.(source.table, source.handle, node.count);
      const scan = {
        ...source,
        ...(answer?.handle !== undefined ? { handle: answer.handle } : {}),
        limit: node.count,
      };
      // A connector that guarantees no more rows in all makes the Limit redundant.
      return answer?.guaranteed === true ? scan : { ...node, source: scan };
    }
    default:
      return node;
  }
}
