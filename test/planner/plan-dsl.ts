/**
 * Hand-made plans for rule tests: scans of the TPC-H tables with symbols named after their
 * columns, and shorthands for symbol references, constants and comparisons.
 */
import { defaultFunctionRegistry } from '../../src/functions/function-registry.js';
import { constant } from '../../src/planner/expressions.js';
import { PlanFactory } from '../../src/planner/plan-factory.js';
import type { PlanNode, TableScanNode } from '../../src/planner/plan-nodes.js';
import { type ComparisonOperator, PlannerFunctions } from '../../src/planner/planner-functions.js';
import type { PlanSymbol, RowExpression } from '../../src/planner/row-expression.js';
import { PlanNodeIdAllocator, SymbolAllocator } from '../../src/planner/symbol-allocator.js';
import { BIGINT, type Type } from '../../src/types/type.js';
import { parseType } from '../../src/types/type-signature.js';

export class PlanDsl {
  readonly symbols = new SymbolAllocator();
  readonly ids = new PlanNodeIdAllocator();
  readonly factory = new PlanFactory(this.ids);
  readonly functions = new PlannerFunctions(defaultFunctionRegistry());

  /** A scan of `tpch.tiny.<table>` with the given `column type` list. */
  scan(table: string, columns: string): TableScanNode {
    const list = columns.split(',').map((c) => {
      const [name, ...type] = c.trim().split(' ');
      return { symbol: this.symbols.newSymbol(name!, parseType(type.join(' '))), column: name! };
    });
    return this.factory.tableScan({ catalog: 'tpch', schema: 'tiny', name: table }, list);
  }

  symbol(node: PlanNode, name: string): PlanSymbol {
    const s = node.outputs.find((o) => o.name === name);
    if (!s) throw new Error(`no symbol ${name} in ${node.outputs.map((o) => o.name).join(', ')}`);
    return s;
  }

  ref(node: PlanNode, name: string): RowExpression {
    const s = this.symbol(node, name);
    return { kind: 'Symbol', name: s.name, type: s.type };
  }

  cmp(op: ComparisonOperator, a: RowExpression, b: RowExpression): RowExpression {
    return this.functions.comparison(op, a, b);
  }

  num(value: number, type: Type = BIGINT): RowExpression {
    return constant(value, type);
  }
}
