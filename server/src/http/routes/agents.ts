import {
  Role,
  agentApplyRequest,
  agentListQuery,
  agentPage,
  agentSelf,
  agentUserPage,
  dividendPage,
  idParam,
  manageAgentRequest,
  pageQuery,
  reviewWithdrawalRequest,
  withdrawRequest,
  withdrawalListQuery,
  withdrawalPage,
} from '@gateway/shared';
import { z } from 'zod';
import {
  agentSelf as agentSelfOf,
  applyAsAgent,
  listAgentItems,
  manageAgent,
} from '../../domain/agents/agents.js';
import { dividendItems, invitedUserItems } from '../../domain/agents/agent-lists.js';
import { settleDividends } from '../../domain/agents/dividends.js';
import {
  listWithdrawalItems,
  requestWithdrawal,
  reviewWithdrawal,
} from '../../domain/agents/withdrawals.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['agents'];

/** The agent programme: apply, the agent's own page, admin decisions, withdrawal review. */
export const agentRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/agent/self',
      summary: 'Own application or agency, and (active agents) the totals of the users one brought',
      tags,
      access: Role.user,
      response: agentSelf,
    },
    ({ user }) => agentSelfOf(ctx, user.id),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/agent/apply',
      summary: 'Applies to become an agent (pro-max, agent page on)',
      tags,
      access: Role.user,
      body: agentApplyRequest,
    },
    async ({ user, body }) => {
      await applyAsAgent(ctx, user, body);
      return null;
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/agent/self/users',
      summary:
        'Users who signed up with own invitation code, newest first (active agents; others 403)',
      tags,
      access: Role.user,
      query: pageQuery,
      response: agentUserPage,
    },
    ({ user, query }) => invitedUserItems(ctx, user.id, query.page, query.pageSize),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/agent/self/dividends',
      summary: 'Own dividends per day, newest first',
      tags,
      access: Role.user,
      query: pageQuery,
      response: dividendPage,
    },
    ({ user, query }) => dividendItems(ctx, user.id, query.page, query.pageSize),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/agent/self/withdrawals',
      summary: 'Own withdrawal requests, newest first',
      tags,
      access: Role.user,
      query: withdrawalListQuery,
      response: withdrawalPage,
    },
    ({ user, query }) =>
      listWithdrawalItems(
        ctx,
        { agentId: user.id, status: query.status },
        query.page,
        query.pageSize,
      ),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/agent/withdraw',
      summary: 'Asks to withdraw invitation balance (active agents); the amount is held',
      tags,
      access: Role.user,
      body: withdrawRequest,
    },
    async ({ user, body }) => {
      await requestWithdrawal(ctx, user, body);
      return null;
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/agent/',
      summary: 'Agents and applications, newest first (administrators)',
      tags,
      access: Role.admin,
      query: agentListQuery,
      response: agentPage,
    },
    ({ query }) => listAgentItems(ctx, query.status, query.page, query.pageSize),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/api/agent/',
      summary:
        'Approves, rejects or disables an agent and sets the dividend terms (closed days settle at the old terms first; not oneself, nor users of one’s rank or above)',
      tags,
      access: Role.admin,
      body: manageAgentRequest,
    },
    async ({ user, body }) => {
      await manageAgent(ctx, body, user);
      return null;
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/agent/settle',
      summary:
        "Credits agents' dividends for days closed 10 minutes or more, from the ledger (each day once; the job does it hourly)",
      tags,
      access: Role.admin,
      response: z.object({ credited: z.number().int() }),
    },
    async () => ({ credited: await settleDividends(ctx) }),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/withdrawal/',
      summary: 'Every withdrawal request, newest first (finance staff and above)',
      tags,
      access: Role.finance,
      query: withdrawalListQuery,
      response: withdrawalPage,
    },
    ({ query }) => listWithdrawalItems(ctx, { status: query.status }, query.page, query.pageSize),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/withdrawal/:id/review',
      summary:
        'Marks a withdrawal paid, or rejects it with a reason (the amount returns); not one’s own, nor those of users of one’s rank or above',
      tags,
      access: Role.finance,
      params: idParam,
      body: reviewWithdrawalRequest,
    },
    async ({ user, params, body }) => {
      await reviewWithdrawal(ctx, params.id, body, user);
      return null;
    },
  );
};
