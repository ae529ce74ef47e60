/**
 * SET SESSION, RESET SESSION and SHOW SESSION. Session state lives in the client (Presto's
 * design): SET and RESET only validate and tell the client what to change, through the
 * Set-Session / Clear-Session response headers; SHOW SESSION lists every property with the value
 * this statement's session has, its default, type and description.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import type { Block } from '../../../data/block.js';
import { getValue } from '../../../data/block-values.js';
import type { Page } from '../../../data/page.js';
import { zoneIdOf, zoneKeyForOffsetMinutes, zoneKeyOf } from '../../../data/time-zones.js';
import { likeMatcher } from '../../../functions/implementations/like.js';
import type {
  Expression,
  Query,
  ResetSession,
  SetSession,
  SetTimeZone,
  ShowSession,
  Statement,
} from '../../../sql/ast.js';
import { formatExpression } from '../../../sql/formatter.js';
import { VARCHAR } from '../../../types/type.js';
import type { ResultColumn } from '../../protocol/query-state.js';
import {
  type CatalogSessionProperties,
  type SessionPropertyManager,
  TIME_ZONE_ID_PROPERTY,
} from '../session-properties.js';
import { castTo } from './dml-statements.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate, finishWithRows } from './statement-results.js';
import { runSubQuery } from './sub-query.js';

export type SessionStatement = SetSession | ResetSession | ShowSession | SetTimeZone;

export interface SessionStatementContext {
  readonly properties: SessionPropertyManager;
  /** The properties the statement's session carries. */
  readonly current: Readonly<Record<string, string>>;
  readonly catalogProperties: CatalogSessionProperties;
  /** The catalogs, for SHOW SESSION's catalog properties. */
  catalogs(): readonly string[];
}

export type SessionStatementResult =
  | { readonly kind: 'set'; readonly updateType: 'SET SESSION'; readonly name: string; readonly value: string }
  | { readonly kind: 'reset'; readonly updateType: 'RESET SESSION'; readonly name: string }
  | { readonly kind: 'rows'; readonly columns: readonly ResultColumn[]; readonly rows: readonly unknown[][] };

/** The text of a SET SESSION value: a literal (string, number, boolean). */
function literalText(expression: Expression): string {
  switch (expression.kind) {
    case 'StringLiteral':
      return expression.value;
    case 'IntegerLiteral':
    case 'DecimalLiteral':
    case 'DoubleLiteral':
      return expression.text;
    case 'BooleanLiteral':
      return String(expression.value);
    default:
      throw new VivaceError(
        'INVALID_SESSION_PROPERTY',
        'Session property value must be a constant literal',
        expression.pos,
      );
  }
}

function withPosition<T>(pos: Statement['pos'], action: () => T): T {
  try {
    return action();
  } catch (e) {
    if (e instanceof VivaceError && e.location === undefined) throw new VivaceError(e.errorCode, e.rawMessage, pos);
    throw e;
  }
}

export function executeSessionStatement(
  statement: SetSession | ResetSession | ShowSession,
  context: SessionStatementContext,
): SessionStatementResult {
  switch (statement.kind) {
    case 'SetSession': {
      const name = statement.name.parts.map((p) => p.value.toLowerCase()).join('.');
      const value = withPosition(statement.name.pos, () =>
        context.properties.validate(name, literalText(statement.value), context.catalogProperties),
      );
      return { kind: 'set', updateType: 'SET SESSION', name, value };
    }
    case 'ResetSession': {
      const name = statement.name.parts.map((p) => p.value.toLowerCase()).join('.');
      if (!name.includes('.') && context.properties.get(name) === undefined) {
        throw new VivaceError(
          'INVALID_SESSION_PROPERTY',
          `Session property '${name}' does not exist`,
          statement.name.pos,
        );
      }
      return { kind: 'reset', updateType: 'RESET SESSION', name };
    }
    case 'ShowSession': {
      const matches = statement.like === undefined ? () => true : likeMatcher(statement.like, statement.escape);
      const columns = ['Name', 'Value', 'Default', 'Type', 'Description'].map((name) => ({ name, type: VARCHAR }));
      // System properties, then each catalog's as `catalog.name` (Trino's order).
      const all = [
        ...context.properties.list(),
        ...[...context.catalogs()]
          .sort()
          .flatMap((catalog) =>
            (context.catalogProperties(catalog) ?? []).map((p) => ({ ...p, name: `${catalog}.${p.name}` })),
          ),
      ];
      const rows = all
        .filter((p) => matches(p.name))
        .map((p) => [p.name, context.current[p.name] ?? p.defaultValue, p.defaultValue, p.type, p.description]);
      return { kind: 'rows', columns, rows };
    }
  }
}

/** `D HH:MM:SS.mmm` (an interval day to second as varchar) in milliseconds. */
function intervalMillis(text: string): number {
  const match = /^(-?)(\d+) (\d+):(\d+):(\d+)\.(\d+)$/.exec(text);
  if (match === null) throw new VivaceError('GENERIC_INTERNAL_ERROR', `Unexpected interval text: ${text}`);
  const [, sign, days, hours, minutes, seconds, millis] = match;
  const total =
    ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60_000 + Number(seconds) * 1000 + Number(millis);
  return sign === '-' ? -total : total;
}

/**
 * The zone id SET TIME ZONE's expression names: a varchar zone id, or a day-to-second interval
 * east of UTC (whole minutes; 0 is UTC), as Trino's. The expression is evaluated by a sub-query,
 * so any constant expression works.
 */
async function timeZoneOf(value: Expression, context: StatementContext): Promise<string> {
  const pos = value.pos;
  const typeOf: Expression = {
    kind: 'FunctionCall',
    name: { kind: 'QualifiedName', parts: [{ kind: 'Identifier', value: 'typeof', quoted: false, pos }], pos },
    args: [structuredClone(value)],
    distinct: false,
    pos,
  };
  const select: Query = {
    kind: 'Query',
    body: {
      kind: 'QuerySpecification',
      distinct: false,
      select: [typeOf, castTo(value, VARCHAR)].map((expression) => ({ kind: 'SingleColumn', expression, pos })),
      windows: [],
      pos,
    },
    pos,
  };
  const pages: Page[] = [];
  await runSubQuery(select, context, {
    queryId: context.engine.newQueryId(),
    sql: context.query.sql,
    onPage: (page) => pages.push(page),
  });
  const page = pages.find((p) => p.positionCount > 0);
  const type = page === undefined ? null : (getValue(page.blocks[0] as Block, VARCHAR, 0) as string | null);
  const text = page === undefined ? null : (getValue(page.blocks[1] as Block, VARCHAR, 0) as string | null);
  if (type === null || !(type.startsWith('varchar') || type === 'interval day to second')) {
    throw new VivaceError(
      'TYPE_MISMATCH',
      `Expected expression of varchar or interval day-time type, but '${formatExpression(value)}' has ${type ?? 'unknown'} type`,
      pos,
    );
  }
  if (text === null) throw new VivaceError('INVALID_LITERAL', 'Time zone must not be NULL', pos);
  if (type.startsWith('varchar')) {
    try {
      return zoneIdOf(zoneKeyOf(text));
    } catch {
      throw new VivaceError('INVALID_LITERAL', `Time zone not supported: ${text}`, pos);
    }
  }
  const millis = intervalMillis(text);
  if (millis % 60_000 !== 0) {
    throw new VivaceError('INVALID_LITERAL', 'Invalid TIME ZONE offset interval: interval contains seconds', pos);
  }
  try {
    return zoneIdOf(zoneKeyForOffsetMinutes(millis / 60_000));
  } catch (e) {
    if (e instanceof VivaceError) throw new VivaceError(e.errorCode, e.rawMessage, pos);
    throw e;
  }
}

/** Runs SET SESSION, RESET SESSION or SHOW SESSION for `context.query` and ends it. */
export async function runSessionStatement(statement: SessionStatement, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  if (statement.kind === 'SetTimeZone') {
    // LOCAL: back to the client's own zone (the Time-Zone header, else the server's).
    if (statement.value === undefined) query.resetSessionProperties.push(TIME_ZONE_ID_PROPERTY);
    else query.setSessionProperties.set(TIME_ZONE_ID_PROPERTY, await timeZoneOf(statement.value, context));
    finishUpdate(query, 'SET TIME ZONE');
    return;
  }
  const change = executeSessionStatement(statement, {
    properties: engine.sessionProperties,
    current: query.session.properties,
    catalogProperties: (catalog) => engine.metadata.catalogSessionProperties(catalog),
    catalogs: () => engine.metadata.catalogs.listCatalogs().map((c) => c.name),
  });
  if (change.kind === 'rows') {
    finishWithRows(query, change.columns, change.rows);
    return;
  }
  if (change.kind === 'set') query.setSessionProperties.set(change.name, change.value);
  else query.resetSessionProperties.push(change.name);
  finishUpdate(query, change.updateType);
}
