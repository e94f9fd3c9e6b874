import { Role, ledgerEntry, ledgerQuery, pageOf, selfLedgerQuery } from '@gateway/shared';
import { listLedger } from '../../domain/ledger/list-ledger.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['ledger'];
const ledgerPage = pageOf(ledgerEntry);

/** The ledger: every change of a balance, with who, why and the balance after. */
export const ledgerRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      tags,
      url: '/api/ledger/self',
      summary: 'Own balance changes (balance, invitation balance, keys), newest first',
      access: Role.user,
      query: selfLedgerQuery,
      response: ledgerPage,
    },
    ({ user, query }) =>
      listLedger(
        db,
        { ownerId: user.id, account: query.account, reason: query.reason, ref: query.ref },
        query.page,
        query.pageSize,
      ),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      tags,
      url: '/api/ledger/',
      summary: 'Balance changes of any account, newest first (finance staff and above)',
      access: Role.finance,
      query: ledgerQuery,
      response: ledgerPage,
    },
    ({ query }) =>
      listLedger(
        db,
        {
          account: query.account,
          accountId: query.account_id,
          reason: query.reason,
          ref: query.ref,
        },
        query.page,
        query.pageSize,
      ),
  );
};
