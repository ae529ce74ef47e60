/**
 * Scopes: the fields visible to an expression, and the chain to the scopes of enclosing queries
 * (for correlated references). Name resolution follows Trino: a dotted name `a.b.c` is first
 * read as the longest relation qualifier that matches a field (`a.b` qualifier, column `c`), then
 * shorter ones, and finally as column `a` with row-field accesses `.b.c`; the innermost scope
 * that resolves the name wins; two matches in one scope are ambiguous.
 */
import { VivaceError } from '../common/vivace-error.js';
import type { SourcePosition } from '../sql/ast.js';
import type { Field } from './bound-tree.js';

export class Scope {
  constructor(
    readonly fields: readonly Field[],
    /** The scope of the enclosing query (or of the relations left of a LATERAL). */
    readonly parent?: Scope,
  ) {}

  /**
   * Resolves a dotted name. Returns where the column is (`depth` 0 is this scope) and the
   * remaining parts that are row-field accesses, or undefined when nothing matches.
   */
  resolve(parts: readonly string[], pos: SourcePosition): ResolvedName | undefined {
    let depth = 0;
    for (let scope: Scope | undefined = this; scope; scope = scope.parent, depth++) {
      const found = scope.resolveLocal(parts, pos);
      if (found) return { ...found, depth };
    }
    return undefined;
  }

  private resolveLocal(
    parts: readonly string[],
    pos: SourcePosition,
  ): { index: number; remaining: readonly string[] } | undefined {
    for (let qualifierLength = parts.length - 1; qualifierLength >= 0; qualifierLength--) {
      const qualifier = parts.slice(0, qualifierLength);
      const column = parts[qualifierLength];
      const matches: number[] = [];
      for (let i = 0; i < this.fields.length; i++) {
        const field = this.fields[i];
        if (field.name === column && qualifierMatches(field, qualifier)) matches.push(i);
      }
      // The copies of USING columns are hidden: the unqualified name means the joined column.
      const visible = matches.length > 1 ? matches.filter((i) => !this.fields[i].hidden) : matches;
      if (visible.length > 1) {
        const name = qualifierLength === 0 ? column : `${qualifier.join('.')}.${column}`;
        throw new VivaceError('AMBIGUOUS_NAME', `Column '${name}' is ambiguous`, pos);
      }
      if (visible.length === 1) return { index: visible[0], remaining: parts.slice(qualifierLength + 1) };
    }
    return undefined;
  }

  /** Indexes of the fields of the relation named by `qualifier` (for `t.*`); empty when none. */
  fieldsOfRelation(qualifier: readonly string[]): number[] {
    const out: number[] = [];
    this.fields.forEach((field, i) => {
      if (!field.hidden && field.relationAlias && qualifierMatches(field, qualifier)) out.push(i);
    });
    return out;
  }
}

export interface ResolvedName {
  readonly depth: number;
  readonly index: number;
  readonly remaining: readonly string[];
}

/** A WITH query visible by name. */
export interface NamedQuery {
  readonly name: string;
  readonly cteId: number;
  readonly fields: readonly Field[];
  /** Set while the recursive member of a recursive WITH query is being analysed. */
  readonly recursive: boolean;
}

/** The WITH queries visible at a point, innermost definitions first. */
export class NamedQueries {
  constructor(
    private readonly queries: ReadonlyMap<string, NamedQuery> = new Map(),
    private readonly enclosing?: NamedQueries,
  ) {}

  lookup(name: string): NamedQuery | undefined {
    return this.queries.get(name) ?? this.enclosing?.lookup(name);
  }

  with(query: NamedQuery): NamedQueries {
    return new NamedQueries(new Map([...this.queries, [query.name, query]]), this.enclosing);
  }

  nested(): NamedQueries {
    return new NamedQueries(new Map(), this);
  }
}

/** `l.x` matches a field of alias `l`; `tiny.lineitem.x` matches table `tpch.tiny.lineitem`. */
function qualifierMatches(field: Field, qualifier: readonly string[]): boolean {
  if (qualifier.length === 0) return true;
  const alias = field.relationAlias;
  if (!alias || qualifier.length > alias.length) return false;
  const offset = alias.length - qualifier.length;
  for (let i = 0; i < qualifier.length; i++) {
    if (alias[offset + i] !== qualifier[i]) return false;
  }
  return true;
}
