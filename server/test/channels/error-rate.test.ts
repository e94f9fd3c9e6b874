import { ChannelStatus, Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverChannels } from '../../src/domain/channels/recover-channels.js';
import { testDb } from '../helpers/test-context.js';
import { startRelayTest, type RelayTest } from '../relay/relay-setup.js';
import { newUser } from '../tokens/console-helpers.js';

/**
 * Channel health by error rate: one failure does not take a channel out; a failure rate past
 * the threshold over enough requests in the window does, with the figures as the reason and
 * root told; after the cool-down a probe brings it back, or the cool-down starts again.
 */
describe(`channel health by error rate on ${testDb}`, () => {
  let r: RelayTest;
  let channelId: number;

  beforeAll(async () => {
    r = await startRelayTest();
    await newUser(r.ctx, Role.root);
    for (const [key, value] of Object.entries({
      AutomaticDisableChannelEnabled: 'true',
      AutomaticDisableStatusCodes: '',
      ChannelErrorRateThreshold: '0.5',
      ChannelErrorRateMinRequests: '10',
      ChannelErrorRateWindowSeconds: '60',
      ChannelRecoverySeconds: '10',
      RetryTimes: '0',
    })) {
      await r.ctx.settings.set(key, value);
    }
    channelId = await r.channel({ type: 8, models: ['gpt-4o-mini'] });
  });
  afterAll(() => r.cleanup());

  const ask = () =>
    r.post('/v1/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
  const channel = () =>
    r.ctx.db
      .selectFrom('channels')
      .select(['status', 'other_info'])
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
  /** Moves the channel's last state change `seconds` into the past. */
  const age = async (seconds: number) => {
    const info = JSON.parse((await channel()).other_info) as { status_time: number };
    info.status_time -= seconds;
    await r.ctx.db
      .updateTable('channels')
      .set({ other_info: JSON.stringify(info) })
      .where('id', '=', channelId)
      .execute();
  };

  it('takes a channel out only when its failure rate passes the threshold, then brings it back', async () => {
    for (let i = 0; i < 6; i++) expect((await ask()).statusCode).toBe(200);
    r.up.setBehaviour({ error: { status: 500, message: 'upstream overloaded' } });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(500);
    // 5 failures of 11 requests: below one half, still in rotation.
    expect((await channel()).status).toBe(ChannelStatus.enabled);
    expect((await ask()).statusCode).toBe(500);
    await expect.poll(async () => (await channel()).status).toBe(ChannelStatus.autoDisabled);
    const reason = JSON.parse((await channel()).other_info).status_reason as string;
    expect(reason).toBe('error rate 50% (6 of 12 requests in 60 s)');
    expect((await ask()).statusCode).toBe(503);
    // Root is told in a log written right after the change (not in its transaction).
    const told = async () =>
      (
        await r.ctx.db
          .selectFrom('logs')
          .select('content')
          .where('content', 'like', '%was disabled automatically%')
          .execute()
      )
        .map((l) => l.content)
        .join();
    await expect.poll(told).toContain('error rate 50%');

    // Before the cool-down nothing is probed; after it a failing probe starts it again.
    await recoverChannels(r.ctx);
    expect((await channel()).status).toBe(ChannelStatus.autoDisabled);
    await age(30);
    await recoverChannels(r.ctx);
    expect((await channel()).status).toBe(ChannelStatus.autoDisabled);
    expect(JSON.parse((await channel()).other_info).status_reason).toMatch(
      /^error rate: the probe after the cool-down failed \(status 500/,
    );

    // The upstream recovers; the next probe after the cool-down brings the channel back.
    r.up.setBehaviour({});
    await recoverChannels(r.ctx);
    expect((await channel()).status).toBe(ChannelStatus.autoDisabled);
    await age(30);
    await recoverChannels(r.ctx);
    expect((await channel()).status).toBe(ChannelStatus.enabled);
    expect((await ask()).statusCode).toBe(200);
  });
});
