import type { NotificationItem, Page } from '@gateway/shared';
import type { NotifyContext } from './notify-context.js';
import { listNotifications } from '../../db/queries/notifications.js';
import { AppError } from '../../errors.js';
import { emailUnreachable, notifyUser } from './notify.js';

/** A test notification per user at most this often. */
const testCooldownSeconds = 60;

/** A user's notifications, newest first, with their delivery state and last error. */
export async function notificationHistory(
  ctx: NotifyContext,
  userId: number,
  page: number,
  pageSize: number,
): Promise<Page<NotificationItem>> {
  const { rows, total } = await listNotifications(ctx.db, userId, page, pageSize);
  return {
    page,
    page_size: pageSize,
    total,
    items: rows.map((r) => ({
      id: Number(r.id),
      event: r.event,
      method: r.method,
      title: r.title,
      content: r.content,
      status: r.status as NotificationItem['status'],
      attempts: r.attempts,
      last_error: r.last_error,
      created_at: Number(r.created_at),
      sent_at: Number(r.sent_at),
    })),
  };
}

/**
 * Sends a test notification by the user's current method, whatever events they chose; at
 * most one a minute per user (on every instance).
 */
export async function sendTestNotification(ctx: NotifyContext, userId: number): Promise<void> {
  // A test that could not be delivered says why now, instead of "queued" and then nothing.
  const unreachable = await emailUnreachable(ctx, userId);
  if (unreachable) throw new AppError(unreachable);
  const first = await ctx.shared.setIfAbsent(`notify:test:${userId}`, '1', testCooldownSeconds);
  if (!first) throw new AppError('notify_test_cooldown', undefined, 429);
  await notifyUser(ctx, userId, 'test', { title: 'notify_test_title', body: 'notify_test_body' });
}
