/**
 * The probe side of a hash join (JoinNode's left side): blocked until the HashBuilderOperator has
 * published the table through the JoinBridge, then streams probe pages, matching each row's key
 * (NULL keys match nothing) against the table. INNER, LEFT, RIGHT and FULL joins, with an optional
 * non-equi filter over candidate pairs; see join/join-probe-operator.ts for the output rules.
 */
import type { JoinType } from '../../planner/plan-nodes.js';
import type { Type } from '../../types/type.js';
import type { JoinBridge } from '../join/join-bridge.js';
import type { JoinLookup } from '../join/join-hash-table.js';
import { type JoinFilter, JoinProbeOperator } from '../join/join-probe-operator.js';
import type { OperatorContext } from '../operator-context.js';

export type { JoinFilter };

export class LookupJoinOperator extends JoinProbeOperator {
  /**
   * @param joinType JoinNode.joinType (the probe is the left side)
   * @param probeTypes the probe input channel types
   * @param probeKeyChannels probe key channels in criteria order (JoinNode.criteria[i].left)
   * @param probeOutputChannels probe channels to output, in order
   * @param buildOutputChannels build channels to output after them, in order
   * @param filter JoinNode.filter compiled over candidate pairs
   */
  constructor(
    context: OperatorContext,
    bridge: JoinBridge<JoinLookup>,
    joinType: JoinType,
    probeTypes: readonly Type[],
    probeKeyChannels: readonly number[],
    probeOutputChannels: readonly number[],
    buildOutputChannels: readonly number[],
    filter?: JoinFilter,
  ) {
    super(context, bridge, {
      joinType,
      probeTypes,
      probeKeyChannels,
      probeOutputChannels,
      buildOutputChannels,
      ...(filter === undefined ? {} : { filter }),
    });
  }
}
