/**
 * System session properties (Presto's `SystemSessionProperties`): each has a name, a SQL type, a
 * default, a description and a validator. A statement's `X-Service-Session` properties are
 * checked here before it runs (unknown name or bad value: INVALID_SESSION_PROPERTY), then
 * resolved into the settings the engine uses: memory and time limits, join distribution, page
 * size. SET SESSION, RESET SESSION and SHOW SESSION read the same table.
 *
 * Values are checked against ranges a user would not reach by accident and the engine can honour
 * (issue 13 found hash_partition_count=99999999 and query_max_run_time=99999999999d accepted):
 * data sizes up to 1PB, durations from 1ms to 100d (the default, meaning "no limit in practice"),
 * hash_partition_count up to 1000 (Trino's partition count limit; every partition is an output
 * buffer of every upstream task), task_concurrency a power of two up to 256 (as Trino requires),
 * integers within Trino's integer range.
 */

import { parseDataSize, parseDuration } from '../../common/units.js';
import { VivaceError } from '../../common/vivace-error.js';
import { zoneKeyOf } from '../../data/time-zones.js';
import type { ConnectorSessionProperty } from '../../spi/connector.js';

export type SessionPropertyType = 'varchar' | 'integer' | 'boolean' | 'double';

/** A catalog's session properties; undefined when there is no such catalog. */
export type CatalogSessionProperties = (catalog: string) => readonly ConnectorSessionProperty[] | undefined;

export interface SessionPropertyDefinition {
  readonly name: string;
  readonly type: SessionPropertyType;
  readonly defaultValue: string;
  readonly description: string;
  /** Throws INVALID_SESSION_PROPERTY when `value` is not acceptable; returns it normalised. */
  validate(value: string): string;
  /** Not listed by SHOW SESSION (Trino's hidden properties). */
  readonly hidden?: boolean;
}

/**
 * The session property SET TIME ZONE sets (Trino's hidden `time_zone_id`): when a request carries
 * it, it is the session's time zone, whatever the Time-Zone header says.
 */
export const TIME_ZONE_ID_PROPERTY = 'time_zone_id';

/** What the engine reads from a statement's session properties. */
export interface ResolvedSessionProperties {
  readonly queryMaxMemoryBytes: number;
  readonly queryMaxRunTimeMs: number;
  readonly queryMaxExecutionTimeMs: number;
  readonly joinDistributionType: 'AUTOMATIC' | 'PARTITIONED' | 'BROADCAST';
  readonly joinReorderingStrategy: 'NONE' | 'ELIMINATE_CROSS_JOINS' | 'AUTOMATIC';
  readonly hashPartitionCount: number;
  /** A hash stage gets a task per this many rows its inputs are estimated to carry (at least one). */
  readonly minInputRowsPerTask: number;
  readonly taskConcurrency: number;
  readonly pageRows: number | undefined;
  /** Plans reading at most this many rows (by the statistics) run as one task on one node; 0: never. */
  readonly singleNodeExecutionThresholdRows: number;
  /** Joins' build keys narrow their probe sides' scans (planner/dynamic-filters.ts). */
  readonly enableDynamicFiltering: boolean;
  /** How long a scan's splits are held back for its dynamic filters. */
  readonly dynamicFilteringWaitTimeoutMs: number;
  /** Scans of tables a connector partitions keep their rows in place for steps by the key. */
  readonly useTableScanNodePartitioning: boolean;
  /** Tables partitioned alike by a connector join on the key where their rows are. */
  readonly colocatedJoin: boolean;
  /**
   * Partial aggregations pass rows through once their keys prove nearly unique: above this many
   * groups per row (`adaptive_partial_aggregation_*`); undefined when switched off.
   */
  readonly partialAggregationUniqueRowsRatio: number | undefined;
}

export interface SessionPropertyDefaults {
  /** `query.max-memory` of the configuration, e.g. `20GB`. */
  readonly queryMaxMemory?: string;
  readonly queryMaxRunTime?: string;
  readonly hashPartitionCount?: number;
  readonly taskConcurrency?: number;
}

function invalid(name: string, message: string): VivaceError {
  return new VivaceError('INVALID_SESSION_PROPERTY', `${name} ${message}`);
}

const MAX_DATA_SIZE = 1024 ** 5;
const MIN_DURATION_MS = 1;
const MAX_DURATION_MS = 100 * 86_400_000;
const MAX_INTEGER = 2147483647;

function dataSize(name: string, defaultValue: string, description: string): SessionPropertyDefinition {
  return {
    name,
    type: 'varchar',
    defaultValue,
    description,
    validate(value) {
      let bytes: number;
      try {
        bytes = parseDataSize(value);
      } catch {
        throw invalid(name, `must be a data size such as 1GB or 512MB: ${value}`);
      }
      if (!(bytes <= MAX_DATA_SIZE)) throw invalid(name, `must be at most 1PB: ${value}`);
      return value.trim();
    },
  };
}

function duration(name: string, defaultValue: string, description: string): SessionPropertyDefinition {
  return {
    name,
    type: 'varchar',
    defaultValue,
    description,
    validate(value) {
      let millis: number;
      try {
        millis = parseDuration(value);
      } catch {
        throw invalid(name, `must be a duration such as 30s or 10m: ${value}`);
      }
      if (!(millis >= MIN_DURATION_MS && millis <= MAX_DURATION_MS)) {
        throw invalid(name, `must be in the range [1ms, 100d]: ${value}`);
      }
      return value.trim();
    },
  };
}

function booleanProperty(name: string, defaultValue: 'true' | 'false', description: string): SessionPropertyDefinition {
  return {
    name,
    type: 'boolean',
    defaultValue,
    description,
    validate(value) {
      const lower = value.trim().toLowerCase();
      if (lower !== 'true' && lower !== 'false') throw invalid(name, `must be true or false: ${value}`);
      return lower;
    },
  };
}

function choice(
  name: string,
  values: readonly string[],
  defaultValue: string,
  description: string,
): SessionPropertyDefinition {
  return {
    name,
    type: 'varchar',
    defaultValue,
    description,
    validate(value) {
      const upper = value.trim().toUpperCase();
      if (!values.includes(upper)) throw invalid(name, `must be one of ${values.join(', ')}: ${value}`);
      return upper;
    },
  };
}

interface IntegerRange {
  /** The smallest value accepted: 1 (positive) unless 0 switches something off. */
  readonly min?: 0 | 1;
  readonly max: number;
  /** Whether only powers of two are accepted (task_concurrency, as in Trino). */
  readonly powerOfTwo?: boolean;
}

/** A number in [0, 1] (a ratio). */
function ratioProperty(name: string, defaultValue: string, description: string): SessionPropertyDefinition {
  return {
    name,
    type: 'double',
    defaultValue,
    description,
    validate(value) {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
        throw invalid(name, `must be a number in the range [0, 1]: ${value}`);
      }
      return String(n);
    },
  };
}

/**
 * Trino's default depth of recursive WITH queries. The planner unrolls the recursion (as Trino's
 * does): level k holds k copies of the step, so the cap keeps plans to a few thousand nodes.
 */
const DEFAULT_MAX_RECURSION_DEPTH = 10;
const MAX_RECURSION_DEPTH = 100;

/** An integer in [min, max] (min 1 unless given). */
function integerProperty(
  name: string,
  defaultValue: string,
  description: string,
  range: IntegerRange = { max: MAX_INTEGER },
): SessionPropertyDefinition {
  const min = range.min ?? 1;
  const kind = min === 0 ? 'non-negative' : 'positive';
  return {
    name,
    type: 'integer',
    defaultValue,
    description,
    validate(value) {
      const n = Number(value);
      if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min) {
        throw invalid(name, `must be a ${kind} integer: ${value}`);
      }
      if (n > range.max) throw invalid(name, `must be in the range [${min}, ${range.max}]: ${value}`);
      if (range.powerOfTwo && (n & (n - 1)) !== 0) throw invalid(name, `must be a power of 2: ${value}`);
      return String(n);
    },
  };
}

/**
 * The default of `single_node_execution_threshold_rows`: sqllogictest's tables, a BI tool's
 * lookups and dimension tables; TPC-H `tiny` (its smallest query reads 8,000+ rows) stays
 * distributed.
 */
export const DEFAULT_SINGLE_NODE_THRESHOLD_ROWS = 1000;

export class SessionPropertyManager {
  private readonly definitions: ReadonlyMap<string, SessionPropertyDefinition>;

  constructor(defaults: SessionPropertyDefaults = {}) {
    const list: SessionPropertyDefinition[] = [
      {
        name: TIME_ZONE_ID_PROPERTY,
        type: 'varchar',
        defaultValue: '',
        description: 'The session time zone SET TIME ZONE chose',
        hidden: true,
        validate: (value) => {
          try {
            zoneKeyOf(value);
          } catch {
            throw invalid(TIME_ZONE_ID_PROPERTY, `is not a supported time zone: ${value}`);
          }
          return value;
        },
      },
      dataSize('query_max_memory', defaults.queryMaxMemory ?? '20GB', 'Maximum amount of memory a query can use'),
      duration(
        'query_max_run_time',
        defaults.queryMaxRunTime ?? '100d',
        'Maximum run time of a query, queueing included',
      ),
      duration('query_max_execution_time', '100d', 'Maximum execution time of a query, queueing excluded'),
      choice(
        'join_distribution_type',
        ['AUTOMATIC', 'PARTITIONED', 'BROADCAST'],
        'AUTOMATIC',
        'Join distribution type: partitioned, broadcast, or chosen by cost',
      ),
      choice(
        'join_reordering_strategy',
        ['NONE', 'ELIMINATE_CROSS_JOINS', 'AUTOMATIC'],
        'AUTOMATIC',
        'Join reordering strategy: none, only to avoid cross joins, or by cost',
      ),
      booleanProperty('enable_dynamic_filtering', 'true', 'Enable dynamic filtering'),
      booleanProperty('colocated_join', 'true', 'Use a colocated join when possible'),
      booleanProperty(
        'adaptive_partial_aggregation_enabled',
        'true',
        'Let a partial aggregation pass its rows through once its keys prove nearly unique',
      ),
      ratioProperty(
        'adaptive_partial_aggregation_unique_rows_ratio_threshold',
        '0.8',
        'Groups per input row above which a partial aggregation passes its rows through',
      ),
      booleanProperty('use_table_scan_node_partitioning', 'true', 'Adapt plan to node pre-partitioned tables'),
      duration(
        'dynamic_filtering_wait_timeout',
        '10s',
        'Maximum time a table scan waits for dynamic filters before it starts reading',
      ),
      integerProperty(
        'hash_partition_count',
        String(defaults.hashPartitionCount ?? 100),
        'Number of partitions of distributed joins and aggregations',
        { max: 1000 },
      ),
      integerProperty(
        'min_input_rows_per_task',
        '10000',
        'Estimated input rows per task of a hash stage fed by aggregations, under hash_partition_count',
      ),
      integerProperty(
        'task_concurrency',
        String(defaults.taskConcurrency ?? 16),
        'Default number of local parallel drivers',
        { max: 256, powerOfTwo: true },
      ),
      integerProperty(
        'max_recursion_depth',
        String(DEFAULT_MAX_RECURSION_DEPTH),
        'Maximum recursion depth of a recursive WITH query (each level is planned as a copy of the step)',
        { max: MAX_RECURSION_DEPTH },
      ),
      integerProperty(
        'page_rows',
        '0',
        'Maximum rows per page produced by scans and VALUES (testing); 0 means unlimited',
      ),
      integerProperty(
        'single_node_execution_threshold_rows',
        String(DEFAULT_SINGLE_NODE_THRESHOLD_ROWS),
        'Queries and writes reading at most this many rows (by the statistics) run as one task on one node, without exchanges; 0 disables',
        { min: 0, max: MAX_INTEGER },
      ),
    ];
    // page_rows' default of 0 means "connector page sizes"; its validator rejects 0 from users.
    this.definitions = new Map(list.map((d) => [d.name, d]));
  }

  list(): readonly SessionPropertyDefinition[] {
    return [...this.definitions.values()].filter((p) => p.hidden !== true).sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  get(name: string): SessionPropertyDefinition | undefined {
    return this.definitions.get(name);
  }

  /** Checks one property as SET SESSION or the session header gives it; returns the normalised value. */
  validate(name: string, value: string, catalogProperties: CatalogSessionProperties): string {
    const dot = name.indexOf('.');
    if (dot >= 0) {
      const catalog = name.slice(0, dot);
      const declared = catalogProperties(catalog);
      if (declared === undefined) {
        throw new VivaceError('INVALID_SESSION_PROPERTY', `Catalog '${catalog}' does not exist`);
      }
      const property = declared.find((p) => p.name === name.slice(dot + 1));
      if (property === undefined) {
        throw new VivaceError('INVALID_SESSION_PROPERTY', `Session property '${name}' does not exist`);
      }
      return property.validate(value);
    }
    const definition = this.definitions.get(name);
    if (definition === undefined) {
      throw new VivaceError('INVALID_SESSION_PROPERTY', `Session property '${name}' does not exist`);
    }
    return definition.validate(value);
  }

  /** Validates every property of a statement's session and resolves the engine settings. */
  resolve(
    properties: Readonly<Record<string, string>>,
    catalogProperties: CatalogSessionProperties,
  ): ResolvedSessionProperties {
    const values = new Map<string, string>();
    for (const [name, value] of Object.entries(properties))
      values.set(name, this.validate(name, value, catalogProperties));
    const value = (name: string) => values.get(name) ?? this.definitions.get(name)?.defaultValue ?? '';
    const pageRows = Number(value('page_rows'));
    return {
      queryMaxMemoryBytes: parseDataSize(value('query_max_memory')),
      queryMaxRunTimeMs: parseDuration(value('query_max_run_time')),
      queryMaxExecutionTimeMs: parseDuration(value('query_max_execution_time')),
      joinDistributionType: value('join_distribution_type') as ResolvedSessionProperties['joinDistributionType'],
      joinReorderingStrategy: value('join_reordering_strategy') as ResolvedSessionProperties['joinReorderingStrategy'],
      hashPartitionCount: Number(value('hash_partition_count')),
      minInputRowsPerTask: Number(value('min_input_rows_per_task')),
      taskConcurrency: Number(value('task_concurrency')),
      pageRows: pageRows > 0 ? pageRows : undefined,
      singleNodeExecutionThresholdRows: Number(value('single_node_execution_threshold_rows')),
      enableDynamicFiltering: value('enable_dynamic_filtering') === 'true',
      dynamicFilteringWaitTimeoutMs: parseDuration(value('dynamic_filtering_wait_timeout')),
      useTableScanNodePartitioning: value('use_table_scan_node_partitioning') === 'true',
      colocatedJoin: value('colocated_join') === 'true',
      partialAggregationUniqueRowsRatio:
        value('adaptive_partial_aggregation_enabled') === 'true'
          ? Number(value('adaptive_partial_aggregation_unique_rows_ratio_threshold'))
          : undefined,
    };
  }
}
