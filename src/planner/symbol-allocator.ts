/**
 * Fresh, readable symbol names and plan node ids. A symbol is named after what it holds (`orderkey`,
 * `sum`, `expr`); a name already taken gets a numeric suffix from one counter (`orderkey_1`,
 * `sum_4`), as Presto does. Names are unique in a plan, which lets optimizer rules move
 * expressions between nodes without renaming.
 */
import type { Type } from '../types/type.js';
import type { PlanNode } from './plan-nodes.js';
import { sourcesOf } from './plan-nodes.js';
import type { PlanSymbol } from './row-expression.js';

export class SymbolAllocator {
  private readonly taken = new Map<string, Type>();
  private nextSuffix = 1;

  /** A new symbol named after `hint` (lowercased; characters other than letters, digits and `_` become `_`). */
  newSymbol(hint: string, type: Type): PlanSymbol {
    // A hint that is itself an allocated name (`count_4`) starts from its base (`count`).
    const base = sanitize(hint).replace(/(.)_\d+$/, '$1');
    let name = base;
    while (this.taken.has(name)) name = `${base}_${this.nextSuffix++}`;
    this.taken.set(name, type);
    return { name, type };
  }

  /** Marks an existing name as used (for allocators continuing an existing plan). */
  reserve(symbol: PlanSymbol): void {
    this.taken.set(symbol.name, symbol.type);
    const match = /_(\d+)$/.exec(symbol.name);
    if (match) this.nextSuffix = Math.max(this.nextSuffix, Number(match[1]) + 1);
  }

  typeOf(name: string): Type | undefined {
    return this.taken.get(name);
  }

  /** An allocator that will not reuse any symbol of `plan`. */
  static forPlan(plan: PlanNode): SymbolAllocator {
    const allocator = new SymbolAllocator();
    const visit = (node: PlanNode): void => {
      for (const symbol of node.outputs) allocator.reserve(symbol);
      for (const source of sourcesOf(node)) visit(source);
    };
    visit(plan);
    return allocator;
  }
}

function sanitize(hint: string): string {
  let out = '';
  for (let i = 0; i < hint.length; i++) {
    const c = hint.charCodeAt(i);
    const isLetter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    const isDigit = c >= 48 && c <= 57;
    if (isLetter) out += String.fromCharCode(c | 0x20);
    else if (isDigit || c === 95) out += hint[i];
    else out += '_';
  }
  if (out === '' || (out.charCodeAt(0) >= 48 && out.charCodeAt(0) <= 57)) out = `expr${out === '' ? '' : `_${out}`}`;
  return out;
}

/** Plan node ids: decimal numbers in creation order. */
export class PlanNodeIdAllocator {
  private next = 0;

  nextId(): string {
    return String(this.next++);
  }

  /** An allocator whose ids do not collide with the numeric ids of `plan`. */
  static forPlan(plan: PlanNode): PlanNodeIdAllocator {
    const allocator = new PlanNodeIdAllocator();
    const visit = (node: PlanNode): void => {
      const id = Number(node.id);
      if (Number.isInteger(id) && id >= allocator.next) allocator.next = id + 1;
      for (const source of sourcesOf(node)) visit(source);
    };
    visit(plan);
    return allocator;
  }
}
