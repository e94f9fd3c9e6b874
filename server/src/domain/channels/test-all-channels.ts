import type { AppContext } from '../../context.js';
import { testableChannelIds } from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import { testChannel } from './test-channel.js';

const lock = 'channel-test-all';
/**
 * The run renews its lock after each channel; a crashed run stops renewing, so the next run
 * can start soon after. Longer than one test can take.
 */
const lockSeconds = 120;

/** The run in progress on this instance, so shutdown can stop and await it. */
const runs = new WeakMap<AppContext, { stopped: boolean; done: Promise<void> }>();

async function runAll(ctx: AppContext, state: { stopped: boolean }): Promise<void> {
  try {
    for (const id of await testableChannelIds(ctx.db)) {
      if (state.stopped) return;
      await ctx.shared.set(lock, '1', lockSeconds);
      try {
        await testChannel(ctx, id);
      } catch (err) {
        // A channel tested by hand right now, or deleted meanwhile: skip it.
        if (!(err instanceof AppError))
          ctx.log.error({ err, channelId: id }, 'channel test failed');
      }
    }
  } finally {
    await ctx.shared.del(lock);
  }
}

/**
 * Starts testing every channel not disabled by hand, one after another, in the background,
 * applying the disabling and enabling rules. One run at a time across instances
 * (`channel_test_running`).
 */
export async function startChannelTestRun(ctx: AppContext): Promise<void> {
  if (!(await ctx.shared.setIfAbsent(lock, '1', lockSeconds))) {
    throw new AppError('channel_test_running');
  }
  const state = { stopped: false, done: Promise.resolve() };
  state.done = runAll(ctx, state).catch((err: unknown) =>
    ctx.log.error({ err }, 'channel test run failed'),
  );
  if (!runs.has(ctx)) {
    ctx.onClose(async () => {
      const run = runs.get(ctx);
      if (!run) return;
      run.stopped = true;
      await run.done;
    });
  }
  runs.set(ctx, state);
}

/** Waits for this instance's test run, if one is going (tests use it). */
export async function channelTestRunDone(ctx: AppContext): Promise<void> {
  await runs.get(ctx)?.done;
}
