import { wxPusherAppToken, wxPusherBaseUrl } from '../../../config/settings/groups/wxpusher.js';
import { DeliveryError, postJson, type Sender } from './message.js';

/** WxPusher: a text message to the bound account and any extra open_id (uid) targets. */
export const sendWxPusher: Sender = async (ctx, to, message) => {
  const appToken = ctx.settings.get(wxPusherAppToken).trim();
  if (!appToken) throw new DeliveryError('WxPusher is not configured on this site');
  const uids = [...new Set([to.wxpusherUid, ...to.prefs.open_ids].filter(Boolean))];
  if (uids.length === 0) throw new DeliveryError('no WxPusher account bound');
  const answer = (await postJson(
    ctx,
    `${ctx.settings.get(wxPusherBaseUrl)}/api/send/message`,
    JSON.stringify({
      appToken,
      content: `${message.title}\n\n${message.content}`.slice(0, 40_000),
      summary: message.title.slice(0, 100),
      contentType: 1,
      uids,
    }),
    {},
    true,
  )) as { code?: unknown; msg?: unknown } | null;
  if (answer?.code !== 1000) {
    throw new DeliveryError(
      `WxPusher refused: ${String(answer?.code)} ${String(answer?.msg ?? '')}`.trim(),
    );
  }
};
