/** Rule RemoveRedundantProjections: before/after plans, including the cases it must leave alone. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { identity } from '../../../src/planner/plan-factory.js';
import { removeRedundantProjections } from '../../../src/planner/rules/remove-redundant-projections.js';
import { PlanDsl } from '../plan-dsl.js';
import { applyRule, nodesOf } from '../plan-helpers.js';

describe('rule RemoveRedundantProjections', () => {
  it('removes a projection that passes its source through unchanged', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint, name varchar(25)');
    const project = dsl.factory.project(scan, identity(scan.outputs));
    const filter = dsl.factory.filter(project, dsl.cmp('>', dsl.ref(scan, 'nationkey'), dsl.num(1)));
    assert.equal(nodesOf(applyRule(removeRedundantProjections, filter), 'Project').length, 0);
  });

  it('keeps a projection that reorders columns below anything but the Output', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint, name varchar(25)');
    const project = dsl.factory.project(scan, identity([...scan.outputs].reverse()));
    const limit = dsl.factory.limit(project, 3);
    assert.equal(nodesOf(applyRule(removeRedundantProjections, limit), 'Project').length, 1);
  });

  it('lets the Output read renamed symbols directly', () => {
    const dsl = new PlanDsl();
    const scan = dsl.scan('nation', 'nationkey bigint, name varchar(25)');
    const alias = dsl.symbols.newSymbol('alias', scan.outputs[1]!.type);
    const project = dsl.factory.project(scan, [{ symbol: alias, expression: dsl.ref(scan, 'name') }]);
    const output = dsl.factory.output(project, ['n', 'n2'], [alias.name, alias.name]);
    const result = applyRule(removeRedundantProjections, output);
    assert.equal(nodesOf(result, 'Project').length, 0);
    assert.deepEqual(result.kind === 'Output' && result.columns, ['name', 'name']);
  });
});
