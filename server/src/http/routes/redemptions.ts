import {
  Role,
  createRedemptionRequest,
  idParam,
  redeemRequest,
  redemptionItem,
  redemptionListQuery,
  redemptionPage,
  updateRedemptionRequest,
  statusOnlyQuery,
} from '@gateway/shared';
import { z } from 'zod';
import { redeemCode } from '../../domain/redemptions/redeem-code.js';
import {
  editRedemption,
  generateRedemptions,
  getRedemption,
  listRedemptionCodes,
  removeInvalidRedemptions,
  removeRedemption,
} from '../../domain/redemptions/redemption-codes.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['redemptions'];
/** Only root manages redemption codes; redeeming one is every user's. */
const access = Role.root;

export const redemptionRoutes: RouteModule = (app, ctx) => {
  for (const url of ['/api/redemption/', '/api/redemption/search']) {
    defineRoute(
      app,
      ctx,
      {
        method: 'GET',
        url,
        summary: 'Lists redemption codes by name prefix or id and by state, newest first',
        tags,
        access,
        query: redemptionListQuery,
        response: redemptionPage,
      },
      ({ query }) =>
        listRedemptionCodes(
          ctx,
          { keyword: query.keyword, status: query.status },
          query.page,
          query.pageSize,
        ),
    );
  }

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/redemption/:id',
      summary: 'Gets one redemption code',
      tags,
      access,
      params: idParam,
      response: redemptionItem,
    },
    ({ params }) => getRedemption(ctx, params.id),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/redemption/',
      summary: 'Generates 1-100 codes at once (all or none); answers the new codes',
      tags,
      access,
      body: createRedemptionRequest,
      response: z.array(z.string()),
    },
    ({ user, body }) => generateRedemptions(ctx, user.id, body),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/api/redemption/',
      summary: 'Edits name, quota and expiry; `?status_only=true` enables or disables it',
      tags,
      access,
      body: updateRedemptionRequest,
      query: statusOnlyQuery,
      response: redemptionItem,
    },
    ({ body, query }) => editRedemption(ctx, body, query.status_only),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      url: '/api/redemption/invalid',
      summary: 'Deletes every used, disabled or expired code; answers how many',
      tags,
      access,
      response: z.number().int(),
    },
    () => removeInvalidRedemptions(ctx),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      url: '/api/redemption/:id',
      summary: 'Deletes one code',
      tags,
      access,
      params: idParam,
    },
    async ({ params }) => {
      await removeRedemption(ctx, params.id);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/topup',
      summary: 'Redeems a code for the signed-in user; answers the quota credited',
      tags,
      access: Role.user,
      body: redeemRequest,
      response: z.number().int(),
    },
    ({ user, body }) => redeemCode(ctx, user, body.key),
  );
};
