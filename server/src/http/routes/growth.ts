import {
  Role,
  affInfo,
  affTransferRequest,
  checkinDay,
  checkinMonthQuery,
  checkinStatus,
} from '@gateway/shared';
import { checkIn, checkinStatus as checkinStatusOf } from '../../domain/growth/checkin.js';
import { affInfo as affInfoOf, transferAffQuota } from '../../domain/growth/invitations.js';
import { guardTurnstile } from '../middleware/with-turnstile.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['growth'];

/** Daily check-in and invitations. */
export const growthRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/checkin',
      summary: "A month of own check-ins (`month=YYYY-MM`), the last three days and today's state",
      tags,
      access: Role.user,
      query: checkinMonthQuery,
      response: checkinStatus,
    },
    ({ user, query }) => checkinStatusOf(ctx, user.id, query.month),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/checkin',
      summary: 'Checks in for today: a random reward, once per user and day (Turnstile when on)',
      tags,
      access: Role.user,
      response: checkinDay,
    },
    async ({ user, req, reply }) => {
      await guardTurnstile(ctx, req, reply);
      return checkIn(ctx, user);
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/aff/info',
      summary: 'Own invitation code, invitees, invitation balance and the rewards on offer',
      tags,
      access: Role.user,
      response: affInfo,
    },
    ({ user }) => affInfoOf(ctx, user.id),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/aff_transfer',
      summary: 'Moves invitation balance into the quota (at least one currency unit)',
      tags,
      access: Role.user,
      body: affTransferRequest,
    },
    async ({ user, body }) => {
      await transferAffQuota(ctx, user, body.quota);
      return null;
    },
  );
};
