import { notificationPrefs, type NotificationMethod } from '@gateway/shared';
import type { BaseContext } from '../../base-context.js';
import type { NotifyContext } from './notify-context.js';
import {
  claimNotification,
  dueNotifications,
  finishNotification,
  findPrefs,
  type NotificationRow,
} from '../../db/queries/notifications.js';
import { findUserFields } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { defaultEvents, toPrefs } from './prefs.js';
import { sendDingTalk } from './senders/dingtalk.js';
import { sendEmail } from './senders/email.js';
import type { Recipient, Sender } from './senders/message.js';
import { sendWebhook } from './senders/webhook.js';
import { sendWeCom } from './senders/wecom.js';
import { sendWxPusher } from './senders/wxpusher.js';

const senders: Record<NotificationMethod, Sender> = {
  email: sendEmail,
  wxpusher: sendWxPusher,
  wecom: sendWeCom,
  dingtalk: sendDingTalk,
  webhook: sendWebhook,
};

/** Waits before the next attempt, by attempts made so far; past the last one it has failed. */
const retryDelays = [30, 120, 600, 3600];
/** How long one attempt holds a notification before another instance may try it. */
const leaseSeconds = 120;
const batch = 50;

/**
 * The notification outbox: rows queued by `notifyUser` are delivered here, off the request
 * that raised them, retried with backoff and finally marked failed with the reason (which
 * the user sees). Several instances may drain at once: each row is claimed before sending.
 */
export class NotificationOutbox {
  private ctx: NotifyContext | null = null;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(base: Pick<BaseContext, 'onClose'>) {
    base.onClose(async () => {
      await this.draining;
    });
  }

  /** Connects the outbox to the finished context (it sends through the mailer and settings). */
  attach(ctx: NotifyContext): void {
    this.ctx = ctx;
  }

  /** Delivers what is due soon, without waiting (called after a notification is queued). */
  kick(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Delivers every due notification (the job calls this; tests wait on it). */
  async drain(): Promise<void> {
    const ctx = this.ctx;
    if (!ctx) return;
    for (;;) {
      const due = await dueNotifications(ctx.db, nowSeconds(), batch);
      if (due.length === 0) return;
      for (const row of due) await this.deliver(ctx, row);
      if (due.length < batch) return;
    }
  }

  /** Waits for a drain under way (tests). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async deliver(ctx: NotifyContext, row: NotificationRow): Promise<void> {
    const now = nowSeconds();
    if (!(await claimNotification(ctx.db, row, now + leaseSeconds))) return;
    try {
      const sender = senders[row.method as NotificationMethod];
      if (!sender) throw new Error(`unknown method ${row.method}`);
      await sender(ctx, await recipientOf(ctx, row.user_id), row);
      await finishNotification(ctx.db, row.id, {
        status: 'sent',
        sent_at: nowSeconds(),
        last_error: '',
      });
    } catch (error) {
      const reason = (
        error instanceof AppError ? error.message : String((error as Error).message ?? error)
      ).slice(0, 500);
      const attempts = row.attempts + 1;
      const delay = retryDelays[attempts - 1];
      await finishNotification(
        ctx.db,
        row.id,
        delay === undefined
          ? { status: 'failed', last_error: reason }
          : { status: 'pending', last_error: reason, next_attempt_at: nowSeconds() + delay },
      );
      ctx.log.warn(
        { id: row.id, method: row.method, attempts, reason },
        'notification not delivered',
      );
    }
  }
}

async function recipientOf(ctx: NotifyContext, userId: number): Promise<Recipient> {
  const [prefs, account] = await Promise.all([
    findPrefs(ctx.db, userId),
    findUserFields(ctx.db, userId, ['email', 'wxpusher_uid']),
  ]);
  return {
    prefs: toPrefs(prefs) ?? { ...notificationPrefs.parse({}), events: defaultEvents },
    accountEmail: account?.email ?? '',
    wxpusherUid: account?.wxpusher_uid ?? '',
  };
}
