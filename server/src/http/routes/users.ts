import { budgetTimeZone } from '../../config/settings/groups/quota.js';
import {
  Role,
  createUserRequest,
  idParam,
  manageUserRequest,
  pageOf,
  pageQuery,
  updateUserRequest,
  userListItem,
  userSearchQuery,
} from '@gateway/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { listUsers, type UserListFilter } from '../../db/queries/users.js';
import {
  createUserByAdmin,
  deleteUserByAdmin,
  findManagedUser,
  updateUserByAdmin,
} from '../../domain/users/admin-users.js';
import { manageUser } from '../../domain/users/manage-user.js';
import { toUserListItem } from '../../domain/users/user-views.js';
import { defineRoute } from '../route.js';

const tags = ['users'];

/** User administration: agents list and search; admins get, create, edit, delete, manage. */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Staff see users below their own role and themselves (root: everyone); an agent only the
  // users they brought.
  const page = async (viewer: { id: number; role: number }, filter: UserListFilter) => {
    const visible = { belowRole: viewer.role, viewerId: viewer.id };
    const agentView = viewer.role < Role.finance ? { invitedBy: viewer.id, viewerId: -1 } : {};
    const { total, items } = await listUsers(ctx.db, { ...filter, ...visible, ...agentView });
    return {
      page: filter.page,
      page_size: filter.pageSize,
      total,
      items: items.map((row) => toUserListItem(row, ctx.settings.get(budgetTimeZone))),
    };
  };
  const spec = { tags, response: pageOf(userListItem) };

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      method: 'GET',
      url: '/api/user/',
      summary: 'Lists users, newest first (agents: only the users they brought)',
      access: Role.agent,
      query: pageQuery,
    },
    ({ user, query }) => page(user, query),
  );

  defineRoute(
    app,
    ctx,
    {
      ...spec,
      method: 'GET',
      url: '/api/user/search',
      summary: 'Searches users by id, name or e-mail, and group',
      access: Role.agent,
      query: userSearchQuery,
    },
    ({ user, query }) => page(user, query),
  );

  defineRoute(
    app,
    ctx,
    {
      tags,
      method: 'GET',
      url: '/api/user/:id',
      summary: 'One user below the caller’s role',
      access: Role.admin,
      params: idParam,
      response: userListItem,
    },
    async ({ user, params }) =>
      toUserListItem(await findManagedUser(ctx, user, params.id), ctx.settings.get(budgetTimeZone)),
  );

  defineRoute(
    app,
    ctx,
    {
      tags,
      method: 'POST',
      url: '/api/user/',
      summary: 'Creates a user below the caller’s role',
      access: Role.admin,
      body: createUserRequest,
    },
    async ({ user, body }) => {
      await createUserByAdmin(ctx, user, body);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      tags,
      method: 'PUT',
      url: '/api/user/',
      summary: 'Edits a user below the caller’s role',
      access: Role.admin,
      body: updateUserRequest,
    },
    async ({ user, body }) => {
      await updateUserByAdmin(ctx, user, body);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      tags,
      method: 'DELETE',
      url: '/api/user/:id',
      summary: 'Deletes (closes out) a user below the caller’s role',
      access: Role.admin,
      params: idParam,
    },
    async ({ user, params }) => {
      await deleteUserByAdmin(ctx, user, params.id);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      tags,
      method: 'POST',
      url: '/api/user/manage',
      summary: 'Disable, enable, delete, promote, demote or change the balance of a user',
      access: Role.admin,
      body: manageUserRequest,
      response: userListItem,
    },
    async ({ user, body }) => {
      await manageUser(ctx, user, body);
      if (body.action === 'delete') return null;
      return toUserListItem(
        await findManagedUser(ctx, user, body.id, { allowed: () => true }),
        ctx.settings.get(budgetTimeZone),
      );
    },
  );
}
