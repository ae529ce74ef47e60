/**
 * The tree of a parsed SQL/JSON path (Trino's JSON path language): a mode, `lax` or `strict`, and
 * an expression over sequences of JSON items. Predicates (inside `?( )`) are a separate family: they
 * evaluate to true, false or unknown rather than to a sequence.
 */

export type PathMode = 'lax' | 'strict';

export interface JsonPath {
  readonly mode: PathMode;
  readonly root: PathExpression;
}

export type PathExpression =
  | { readonly kind: 'context' }
  | { readonly kind: 'current' }
  | { readonly kind: 'last' }
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'literal'; readonly value: PathLiteral }
  | { readonly kind: 'member'; readonly base: PathExpression; readonly key: string }
  | { readonly kind: 'wildcardMember'; readonly base: PathExpression }
  | { readonly kind: 'descendant'; readonly base: PathExpression; readonly key: string }
  | { readonly kind: 'array'; readonly base: PathExpression; readonly subscripts: readonly Subscript[] }
  | { readonly kind: 'wildcardArray'; readonly base: PathExpression }
  | { readonly kind: 'filter'; readonly base: PathExpression; readonly predicate: PathPredicate }
  | { readonly kind: 'method'; readonly base: PathExpression; readonly method: ItemMethod }
  | { readonly kind: 'unary'; readonly sign: '+' | '-'; readonly operand: PathExpression }
  | {
      readonly kind: 'binary';
      readonly operator: ArithmeticOperator;
      readonly left: PathExpression;
      readonly right: PathExpression;
    };

/** A literal of the path text: numbers keep their text, so integers stay exact. */
export type PathLiteral =
  | { readonly type: 'number'; readonly text: string; readonly integer: boolean }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'null' };

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

export type ItemMethod = 'type' | 'size' | 'double' | 'ceiling' | 'floor' | 'abs' | 'keyvalue';

export const ITEM_METHODS: ReadonlySet<string> = new Set<ItemMethod>([
  'type',
  'size',
  'double',
  'ceiling',
  'floor',
  'abs',
  'keyvalue',
]);

/** `[i]` or `[i to j]`; each bound is a path evaluated with `last` bound to the array's last index. */
export interface Subscript {
  readonly from: PathExpression;
  readonly to?: PathExpression;
}

export type ComparisonOperator = '==' | '!=' | '<>' | '<' | '<=' | '>' | '>=';

export type PathPredicate =
  | { readonly kind: 'and'; readonly left: PathPredicate; readonly right: PathPredicate }
  | { readonly kind: 'or'; readonly left: PathPredicate; readonly right: PathPredicate }
  | { readonly kind: 'not'; readonly predicate: PathPredicate }
  | { readonly kind: 'exists'; readonly path: PathExpression }
  | { readonly kind: 'isUnknown'; readonly predicate: PathPredicate }
  | {
      readonly kind: 'comparison';
      readonly operator: ComparisonOperator;
      readonly left: PathExpression;
      readonly right: PathExpression;
    }
  | { readonly kind: 'startsWith'; readonly whole: PathExpression; readonly prefix: PathExpression }
  | { readonly kind: 'likeRegex'; readonly path: PathExpression; readonly pattern: RegExp };

/** The names of the `$name` variables a path refers to, in order of first use. */
export function pathVariables(path: JsonPath): string[] {
  const names = new Set<string>();
  const visit = (e: PathExpression): void => {
    switch (e.kind) {
      case 'variable':
        names.add(e.name);
        return;
      case 'member':
      case 'wildcardMember':
      case 'descendant':
      case 'wildcardArray':
      case 'method':
        visit(e.base);
        return;
      case 'array':
        visit(e.base);
        for (const s of e.subscripts) {
          visit(s.from);
          if (s.to) visit(s.to);
        }
        return;
      case 'filter':
        visit(e.base);
        visitPredicate(e.predicate);
        return;
      case 'unary':
        visit(e.operand);
        return;
      case 'binary':
        visit(e.left);
        visit(e.right);
        return;
      default:
        return;
    }
  };
  const visitPredicate = (p: PathPredicate): void => {
    switch (p.kind) {
      case 'and':
      case 'or':
        visitPredicate(p.left);
        visitPredicate(p.right);
        return;
      case 'not':
      case 'isUnknown':
        visitPredicate(p.predicate);
        return;
      case 'exists':
        visit(p.path);
        return;
      case 'comparison':
        visit(p.left);
        visit(p.right);
        return;
      case 'startsWith':
        visit(p.whole);
        visit(p.prefix);
        return;
      case 'likeRegex':
        visit(p.path);
        return;
    }
  };
  visit(path.root);
  return [...names];
}
