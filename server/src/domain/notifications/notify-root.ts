import { Role } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { nowSeconds } from '../../lib/time.js';

/** The `logs.type` of system lines. */
const systemLogType = 4;

/**
 * Tells the root user about an operational event (a channel disabled or enabled ...): a
 * system log line now; e-mail and webhooks join later. Never throws: a failed notice must
 * not fail the work that triggered it.
 */
export async function notifyRoot(ctx: AppContext, subject: string, content: string): Promise<void> {
  try {
    const root = await ctx.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('role', '=', Role.root)
      .orderBy('id')
      .executeTakeFirst();
    if (!root) return;
    await ctx.db
      .insertInto('logs')
      .values({
        user_id: root.id,
        username: root.username,
        created_at: nowSeconds(),
        type: systemLogType,
        content: `${subject}: ${content}`,
        other: '{}',
      })
      .execute();
  } catch (err) {
    ctx.log.error({ err, subject }, 'root notification failed');
  }
}
