/**
 * Plan fragments as one JSON document, the form in which they travel from the coordinator to
 * workers: the fragment's own fields as they are, its plan tagged by plan-serde (which rebuilds
 * types, functions and constants that plain JSON cannot carry). The task creation nests the
 * document as it is (task-update.ts), so a worker parses a plan once: a plan sent as a string
 * inside a string inside the request was escaped twice and parsed three times.
 */
import type { PlanFragment } from './fragmenter.js';
import { decodePlan, serializePlanDocument } from './plan-serde.js';

export function serializeFragment(fragment: PlanFragment): string {
  return serializePlanDocument(fragment);
}

/**
 * A fragment from `serializeFragment`'s text, or from that text already parsed (as part of a task
 * update); a parsed document is decoded in place.
 */
export function deserializeFragment(serialized: string | object): PlanFragment {
  const parsed = (typeof serialized === 'string' ? JSON.parse(serialized) : serialized) as Omit<
    PlanFragment,
    'root'
  > & { root: unknown };
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.root !== 'object' || parsed.root === null) {
    throw new Error('a plan fragment must be an object with a root plan node');
  }
  return { ...parsed, root: decodePlan(parsed.root) };
}
