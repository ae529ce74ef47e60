/**
 * CALL and ANALYZE on the coordinator. `CALL catalog.schema.procedure(args)` finds the procedure
 * among the catalog's (SPI `Connector.procedures`; the catalog defaults to the session's), binds
 * positional and named (`name => value`) arguments to its parameters — defaults for the ones left
 * out, INVALID_PROCEDURE_ARGUMENT for unknown, repeated or missing ones — and runs it. `ANALYZE t
 * [WITH (...)]` asks the table's connector to compute and store statistics (SPI
 * `Connector.analyze`) and answers Trino's update count: the rows analysed.
 */
import type { Session } from '../../../analyzer/analyzer.js';
import { canonical, resolveObjectName } from '../../../analyzer/names.js';
import { VivaceError } from '../../../common/vivace-error.js';
import type { Analyze, Call } from '../../../sql/ast.js';
import type { MetadataManager } from '../../metadata/metadata-manager.js';
import { constantValue, propertyValues } from './property-values.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate, finishWithRowCount } from './statement-results.js';

export async function executeCall(statement: Call, session: Session, metadata: MetadataManager): Promise<void> {
  const parts = statement.name.parts.map(canonical);
  if (parts.length < 2 || parts.length > 3) {
    throw new VivaceError('PROCEDURE_NOT_FOUND', `Procedure not registered: ${parts.join('.')}`, statement.name.pos);
  }
  const catalog = parts.length === 3 ? parts[0] : session.catalog;
  const [schema, name] = parts.slice(-2) as [string, string];
  if (catalog === undefined) {
    throw new VivaceError(
      'MISSING_CATALOG_NAME',
      'Catalog must be specified when session catalog is not set',
      statement.pos,
    );
  }
  const procedure = metadata.catalogs
    .connectorOf(catalog)
    ?.procedures?.find((p) => p.schema === schema && p.name === name);
  if (procedure === undefined) {
    throw new VivaceError(
      'PROCEDURE_NOT_FOUND',
      `Procedure not registered: ${catalog}.${schema}.${name}`,
      statement.name.pos,
    );
  }
  const values: unknown[] = new Array(procedure.arguments.length);
  const given = new Array<boolean>(procedure.arguments.length).fill(false);
  let named = false;
  statement.arguments.forEach((argument, i) => {
    let index = i;
    if (argument.name !== undefined) {
      named = true;
      const argumentName = canonical(argument.name);
      index = procedure.arguments.findIndex((p) => p.name === argumentName);
      if (index < 0) {
        throw new VivaceError('INVALID_PROCEDURE_ARGUMENT', `Unknown argument name: ${argumentName}`, argument.pos);
      }
    } else if (named) {
      throw new VivaceError(
        'INVALID_PROCEDURE_ARGUMENT',
        'Named and positional arguments cannot be mixed',
        argument.pos,
      );
    }
    if (index >= procedure.arguments.length) {
      throw new VivaceError(
        'INVALID_PROCEDURE_ARGUMENT',
        `Too many arguments for procedure ${catalog}.${schema}.${name}`,
        argument.pos,
      );
    }
    if (given[index]) {
      throw new VivaceError(
        'INVALID_PROCEDURE_ARGUMENT',
        `Duplicate procedure argument: ${procedure.arguments[index]?.name}`,
        argument.pos,
      );
    }
    given[index] = true;
    values[index] = constantValue(argument.value, 'PROCEDURE');
  });
  procedure.arguments.forEach((parameter, i) => {
    if (given[i]) return;
    if (!Object.hasOwn(parameter, 'defaultValue')) {
      throw new VivaceError(
        'INVALID_PROCEDURE_ARGUMENT',
        `Required procedure argument '${parameter.name}' is missing`,
        statement.pos,
      );
    }
    values[i] = parameter.defaultValue;
  });
  await procedure.call(values);
}

export async function executeAnalyze(statement: Analyze, session: Session, metadata: MetadataManager): Promise<number> {
  const name = resolveObjectName(statement.table, session);
  const connector = metadata.catalogs.connectorOf(name.catalog);
  if (connector === undefined) {
    throw new VivaceError('CATALOG_NOT_FOUND', `Catalog '${name.catalog}' does not exist`, statement.table.pos);
  }
  if ((await metadata.getTable(name)) === undefined) {
    throw new VivaceError(
      'TABLE_NOT_FOUND',
      `Table '${name.catalog}.${name.schema}.${name.name}' does not exist`,
      statement.table.pos,
    );
  }
  if (connector.analyze === undefined) {
    throw new VivaceError('NOT_SUPPORTED', 'This connector does not support analyze', statement.pos);
  }
  const properties = propertyValues(statement.properties, 'ANALYZE');
  return connector.analyze({ schema: name.schema, table: name.name }, properties);
}

/** CALL catalog.schema.procedure(...): the connector's procedure, then the update count's absence. */
export async function runCall(statement: Call, context: StatementContext): Promise<void> {
  await executeCall(statement, context.session, context.engine.metadata);
  finishUpdate(context.query, 'CALL');
}

/** ANALYZE table: the connector computes and stores statistics; the answer is the rows analyzed. */
export async function runAnalyze(statement: Analyze, context: StatementContext): Promise<void> {
  context.query.updateType = 'ANALYZE';
  finishWithRowCount(context.query, await executeAnalyze(statement, context.session, context.engine.metadata));
}
