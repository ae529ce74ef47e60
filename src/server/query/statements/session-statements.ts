/**
 * SET SESSION, RESET SESSION and SHOW SESSION. Session state lives in the client (Presto's
 * design): SET and RESET only validate and tell the client what to change, through the
 * Set-Session / Clear-Session response headers; SHOW SESSION lists every property with the value
 * this statement's session has, its default, type and description.
 */
import { VivaceError } from '../../../common/vivace-error.js';
import { likeMatcher } from '../../../functions/implementations/like.js';
import type { Expression, ResetSession, SetSession, ShowSession, Statement } from '../../../sql/ast.js';
import { VARCHAR } from '../../../types/type.js';
import type { ResultColumn } from '../../protocol/query-state.js';
import type { SessionPropertyManager } from '../session-properties.js';
import type { StatementContext } from './statement-context.js';
import { finishUpdate, finishWithRows } from './statement-results.js';

export type SessionStatement = SetSession | ResetSession | ShowSession;

export interface SessionStatementContext {
  readonly properties: SessionPropertyManager;
  /** The properties the statement's session carries. */
  readonly current: Readonly<Record<string, string>>;
  catalogExists(catalog: string): boolean;
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
  statement: SessionStatement,
  context: SessionStatementContext,
): SessionStatementResult {
  switch (statement.kind) {
    case 'SetSession': {
      const name = statement.name.parts.map((p) => p.value.toLowerCase()).join('.');
      const value = withPosition(statement.name.pos, () =>
        context.properties.validate(name, literalText(statement.value), (c) => context.catalogExists(c)),
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
      const rows = context.properties
        .list()
        .filter((p) => matches(p.name))
        .map((p) => [p.name, context.current[p.name] ?? p.defaultValue, p.defaultValue, p.type, p.description]);
      return { kind: 'rows', columns, rows };
    }
  }
}

/** Runs SET SESSION, RESET SESSION or SHOW SESSION for `context.query` and ends it. */
export async function runSessionStatement(statement: SessionStatement, context: StatementContext): Promise<void> {
  const { engine, query } = context;
  const change = executeSessionStatement(statement, {
    properties: engine.sessionProperties,
    current: query.session.properties,
    catalogExists: (catalog) => engine.metadata.catalogExists(catalog),
  });
  if (change.kind === 'rows') {
    finishWithRows(query, change.columns, change.rows);
    return;
  }
  if (change.kind === 'set') query.setSessionProperties.set(change.name, change.value);
  else query.resetSessionProperties.push(change.name);
  finishUpdate(query, change.updateType);
}
