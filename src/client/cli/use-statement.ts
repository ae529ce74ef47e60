/**
 * `USE catalog.schema` / `USE schema`, handled in the client as Presto's CLI did before servers
 * answered USE themselves: it only changes the session the next statements are sent with.
 */
import type { ClientSession } from '../client-session.js';

const IDENTIFIER = '(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_@:$]*)';
const USE = new RegExp(String.raw`^\s*use\s+(${IDENTIFIER})(?:\s*\.\s*(${IDENTIFIER}))?\s*$`, 'is');

function unquote(identifier: string): string {
  return identifier.startsWith('"') ? identifier.slice(1, -1).replaceAll('""', '"') : identifier.toLowerCase();
}

/** The session after `sql` when it is a USE statement, else undefined. */
export function applyUseStatement(session: ClientSession, sql: string): ClientSession | undefined {
  const match = USE.exec(sql);
  if (!match) return undefined;
  const first = unquote(match[1]);
  if (match[2] === undefined) return { ...session, schema: first };
  return { ...session, catalog: first, schema: unquote(match[2]) };
}
