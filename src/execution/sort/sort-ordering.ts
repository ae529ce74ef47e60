/** One sort key: a channel, its type and direction (kept apart from sort-keys.ts so radix-sort.ts can use it without a cycle). */
import type { Type } from '../../types/type.js';

export interface SortOrdering {
  readonly channel: number;
  readonly type: Type;
  readonly ascending: boolean;
  readonly nullsFirst: boolean;
}
