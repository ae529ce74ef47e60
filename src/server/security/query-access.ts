/**
 * Whose queries a request may reach (issue 17): a query belongs to the user who submitted it.
 * Its `nextUri` pages, its record in `/v1/query`, the UI, and its cancellation answer the owner —
 * the session user it ran as, or the authenticated principal who submitted it — and those the
 * access control's query rules let view (pages, records) or kill (DELETE). Without access control
 * the rules allow everyone, as Trino's do when the rules file has no `queries` section; the
 * per-query random slug in `nextUri` still keeps a bare query id from reaching the results.
 */
import type { FastifyRequest } from 'fastify';
import type { AccessControl } from '../../spi/access-control.js';
import { type RequestIdentity, requestIdentity } from './node-security.js';

/** What the checks need of a query: who ran it. */
export interface OwnedQuery {
  readonly session: { readonly user: string; readonly principal?: string };
}

export class QueryAccess {
  constructor(readonly accessControl: AccessControl) {}

  identity(request: FastifyRequest): RequestIdentity {
    return requestIdentity(request);
  }

  private owns(identity: RequestIdentity, query: OwnedQuery): boolean {
    const owner = query.session.user;
    if (identity.user === owner) return true;
    if (identity.principal === undefined) return false;
    return identity.principal === owner || identity.principal === query.session.principal;
  }

  canView(request: FastifyRequest, query: OwnedQuery): boolean {
    const identity = this.identity(request);
    return this.owns(identity, query) || this.accessControl.canViewQueryOwnedBy(identity.user, query.session.user);
  }

  canKill(request: FastifyRequest, query: OwnedQuery): boolean {
    const identity = this.identity(request);
    return this.owns(identity, query) || this.accessControl.canKillQueryOwnedBy(identity.user, query.session.user);
  }
}
