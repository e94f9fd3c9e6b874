import {
  Role,
  notificationListQuery,
  notificationPage,
  notificationPrefs,
  notificationSettings,
} from '@gateway/shared';
import { notificationHistory, sendTestNotification } from '../../domain/notifications/history.js';
import {
  notificationSettingsOf,
  saveNotificationSettings,
} from '../../domain/notifications/prefs.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['notifications'];

/** A user's notification settings, a test send, and what was sent (with failures). */
export const notificationRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/notification',
      summary: 'Own notification settings (secrets left empty, with whether they are stored)',
      tags,
      access: Role.user,
      response: notificationSettings,
    },
    ({ user }) => notificationSettingsOf(ctx, user),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/api/user/notification',
      summary: 'Saves own notification settings; an empty secret keeps the stored one',
      tags,
      access: Role.user,
      body: notificationPrefs,
      response: notificationSettings,
    },
    async ({ user, body }) => {
      await saveNotificationSettings(ctx, user.id, body);
      return notificationSettingsOf(ctx, user);
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/notification/test',
      summary: 'Queues a test notification by the saved method (at most one a minute)',
      tags,
      access: Role.user,
    },
    async ({ user }) => {
      await sendTestNotification(ctx, user.id);
      return null;
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/notification/history',
      summary: 'Own notifications, newest first, with delivery state and the last error',
      tags,
      access: Role.user,
      query: notificationListQuery,
      response: notificationPage,
    },
    ({ user, query }) => notificationHistory(ctx, user.id, query.page, query.pageSize),
  );
};
