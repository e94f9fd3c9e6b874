import { insertLog } from '../../db/queries/logs.js';
import { findRoot } from '../../db/queries/users.js';
import type { AppContext } from '../../context.js';
import { nowSeconds } from '../../lib/time.js';
import { notifyUser } from './notify.js';

/** The `logs.type` of system lines. */
const systemLogType = 4;

/**
 * Tells the root user about an operational event (a channel disabled or enabled ...): a
 * system log line, and a notification by root's own method when root subscribed to channel
 * events. Never throws: a failed notice must not fail the work that triggered it.
 */
export async function notifyRoot(ctx: AppContext, subject: string, content: string): Promise<void> {
  try {
    const root = await findRoot(ctx.db);
    if (!root) return;
    await insertLog(ctx.db, {
      user_id: root.id,
      username: root.username,
      created_at: nowSeconds(),
      type: systemLogType,
      content: `${subject}: ${content}`,
      other: '{}',
    });
    await notifyUser(ctx, root.id, 'channel', {
      title: 'notify_channel_title',
      body: 'notify_channel_body',
      params: { subject, content },
    });
  } catch (err) {
    ctx.log.error({ err, subject }, 'root notification failed');
  }
}
