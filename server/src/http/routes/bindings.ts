import { Role, bindingKind, wxPusherBindStatus, wxPusherQrCode } from '@gateway/shared';
import { z } from 'zod';
import { findManagedUser } from '../../domain/users/admin-users.js';
import { unbindByAdmin, unbindOwn } from '../../domain/users/unbind.js';
import { checkBindStatus, createBindQrCode } from '../../domain/wxpusher/bind-wxpusher.js';
import { canUpdateUser } from '../../policies/users.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

const tags = ['account'];

/** Removing bindings (own, or as an administrator) and binding WxPusher by QR code. */
export const bindingRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      url: '/api/user/self/bindings/:kind',
      summary: 'Removes e-mail, GitHub, linux.do, WeChat or WxPusher unless it is the last sign-in',
      tags,
      access: Role.user,
      params: z.object({ kind: bindingKind }),
      response: z.null(),
    },
    async ({ params, user }) => {
      await unbindOwn(ctx, user.id, params.kind);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      url: '/api/user/:id/bindings/:kind',
      summary: 'An administrator removes a binding from a user below their role',
      tags: ['users'],
      access: Role.admin,
      params: z.object({ id: z.coerce.number().int().positive(), kind: bindingKind }),
      response: z.null(),
    },
    async ({ params, user }) => {
      await findManagedUser(ctx, user, params.id, { allowed: canUpdateUser });
      await unbindByAdmin(ctx, params.id, params.kind);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/wxpusher/qrcode',
      summary: 'A WxPusher QR code (valid 10 minutes) that binds the scanner to this account',
      tags,
      access: Role.user,
      response: wxPusherQrCode,
    },
    ({ user }) => createBindQrCode(ctx, user.id),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/wxpusher/bind/status',
      summary: 'Whether the QR code was scanned (polls WxPusher at most every 10 s)',
      tags,
      access: Role.user,
      response: wxPusherBindStatus,
    },
    ({ user }) => checkBindStatus(ctx, user.id),
  );
};
