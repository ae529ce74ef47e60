/**
 * Test metadata whose "connector" negotiates pushdown: tables carry a handle, `applyFilter`
 * guarantees the domains of the columns it is told to and leaves the rest, `applyLimit`
 * guarantees limits or not; every offer is recorded.
 */
import type { FilterApplication, LimitApplication } from '../../src/spi/connector.js';
import type { QualifiedObjectName, TableMetadata } from '../../src/spi/metadata.js';
import type { TupleDomain } from '../../src/spi/tuple-domain.js';
import { TestMetadata } from '../analyzer/test-metadata.js';

export class NegotiatingMetadata extends TestMetadata {
  readonly filterOffers: { table: string; handle: unknown; constraint: TupleDomain }[] = [];
  readonly limitOffers: { table: string; handle: unknown; limit: number }[] = [];

  constructor(
    private readonly guaranteedColumns: readonly string[],
    private readonly limitsGuaranteed: boolean,
  ) {
    super();
  }

  override getTable(name: QualifiedObjectName): TableMetadata | undefined {
    const table = super.getTable(name);
    return table && { ...table, handle: { table: name.name } };
  }

  applyFilter(table: QualifiedObjectName, handle: unknown, constraint: TupleDomain): FilterApplication {
    this.filterOffers.push({ table: table.name, handle, constraint });
    const remaining = Object.fromEntries(
      Object.entries(constraint.columns).filter(([column]) => !this.guaranteedColumns.includes(column)),
    );
    return {
      handle: { ...(handle as object), filtered: Object.keys(constraint.columns) },
      remaining: { columns: remaining },
    };
  }

  applyLimit(table: QualifiedObjectName, handle: unknown, limit: number): LimitApplication {
    this.limitOffers.push({ table: table.name, handle, limit });
    return { handle: { ...(handle as object), limit }, guaranteed: this.limitsGuaranteed };
  }
}
