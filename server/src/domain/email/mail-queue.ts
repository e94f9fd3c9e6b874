import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { sendMail, type MailMessage } from './send-mail.js';

/** Messages waiting beyond this are dropped (and logged): a stuck server must not eat memory. */
const maxPending = 1000;
/** How long shutdown waits for queued mail. */
const drainTimeoutMs = 10_000;

interface Queue {
  pending: Array<{ message: MailMessage; label: string }>;
  worker: Promise<void> | null;
}

const queues = new WeakMap<AppContext, Queue>();

function queueOf(ctx: AppContext): Queue {
  let queue = queues.get(ctx);
  if (!queue) {
    const created: Queue = { pending: [], worker: null };
    queue = created;
    queues.set(ctx, created);
    ctx.onClose(async () => {
      if (!created.worker) return;
      const timeout = new Promise((resolve) => setTimeout(resolve, drainTimeoutMs).unref());
      await Promise.race([created.worker, timeout]);
    });
  }
  return queue;
}

/**
 * Sends a message in the background, one at a time per process, for flows where nobody waits
 * for the mail (password reset, notifications). A failure is logged at error level with the
 * SMTP server's text and the `label` (e.g. `password_reset`); it never reaches the caller.
 */
export function queueMail(ctx: AppContext, message: MailMessage, label: string): void {
  const queue = queueOf(ctx);
  if (queue.pending.length >= maxPending) {
    ctx.log.error({ label, to: message.to }, 'mail queue full: message dropped');
    return;
  }
  queue.pending.push({ message, label });
  queue.worker ??= drain(ctx, queue);
}

/** Waits until every queued message has been tried (tests and shutdown). */
export async function flushMailQueue(ctx: AppContext): Promise<void> {
  await queues.get(ctx)?.worker;
}

async function drain(ctx: AppContext, queue: Queue): Promise<void> {
  try {
    for (let next = queue.pending.shift(); next; next = queue.pending.shift()) {
      try {
        await sendMail(ctx, next.message);
      } catch (error) {
        const reason = error instanceof AppError ? error.message : String(error);
        ctx.log.error({ label: next.label, to: next.message.to, reason }, 'mail delivery failed');
      }
    }
  } finally {
    queue.worker = null;
  }
}
