import { LogType } from '@gateway/shared';
import type { AppContext } from '../../src/context.js';
import { insertTask } from '../../src/db/queries/tasks.js';
import { nowSeconds } from '../../src/lib/time.js';

/** A music task to record as charged. */
export interface ChargedTask {
  userId: number;
  tokenId: number;
  /** Whether the key's own remaining quota pays too. */
  tokenLimited: boolean;
  channelId: number;
  quota: number;
  taskId: string;
  upstreamId?: string;
  submitAgo?: number;
}

/**
 * Charges a task and records its row as the submit pipeline does, without an upstream: a hold,
 * its settlement through the ledger (the consume log names the task), then the row with its
 * price. Rejects with the hold's refusal (`insufficient_token_quota` …), nothing written.
 */
export async function chargeTask(ctx: AppContext, task: ChargedTask): Promise<void> {
  const reservation = {
    id: `req-${task.taskId}`,
    userId: task.userId,
    tokenId: task.tokenId,
    tokenLimited: task.tokenLimited,
    quota: task.quota,
    inMemory: false,
    held: 0,
    onItsWay: false,
  };
  await ctx.billing.reserve(reservation);
  await ctx.billing.settleDelivered({
    kind: 'settle',
    reservation,
    quota: task.quota,
    channelId: 0,
    log: {
      user_id: task.userId,
      created_at: nowSeconds(),
      type: LogType.consume,
      content: 'task',
      quota: task.quota,
      request_id: reservation.id,
      other: JSON.stringify({ is_task: true, task_id: task.taskId, table: 'tasks' }),
    },
    usage: { username: '', modelName: 'suno_music', tokens: 0, createdAt: nowSeconds() },
  });
  await ctx.billing.flush();
  await insertTask(ctx.db, {
    task_id: task.taskId,
    upstream_id: task.upstreamId ?? `up-${task.taskId}`,
    platform: 'suno',
    user_id: task.userId,
    token_id: task.tokenId,
    token_limited: task.tokenLimited ? 1 : 0,
    channel_id: task.channelId,
    model_name: 'suno_music',
    action: 'MUSIC',
    status: 'SUBMITTED',
    fail_reason: '',
    prompt: 'a song',
    properties: '{}',
    data: '{}',
    result_url: '',
    submit_time: nowSeconds() - (task.submitAgo ?? 0),
    quota: task.quota,
    request_id: reservation.id,
    updated_at: nowSeconds(),
  });
}
