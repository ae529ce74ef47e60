/**
 * Plan fragments as JSON text, the form in which they travel from the coordinator to workers:
 * the fragment's own fields as they are, its plan through plan-serde (which rebuilds types,
 * functions and constants that plain JSON cannot carry).
 */
import type { PlanFragment } from './fragmenter.js';
import { deserializePlan, serializePlan } from './plan-serde.js';

export function serializeFragment(fragment: PlanFragment): string {
  return JSON.stringify({ ...fragment, root: serializePlan(fragment.root) });
}

export function deserializeFragment(json: string): PlanFragment {
  const parsed = JSON.parse(json) as Omit<PlanFragment, 'root'> & { root: string };
  return { ...parsed, root: deserializePlan(parsed.root) };
}
