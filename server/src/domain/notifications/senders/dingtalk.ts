import { createHmac } from 'node:crypto';
import { checkRobotAnswer, DeliveryError, postJson, type Sender } from './message.js';

/**
 * The signed robot address: `timestamp` (ms) and `sign` = Base64 of HMAC-SHA256 over
 * `timestamp + "\n" + secret` keyed by the secret, URL-encoded.
 */
export function signDingTalkUrl(url: string, secret: string, now = Date.now()): string {
  const sign = createHmac('sha256', secret).update(`${now}\n${secret}`).digest('base64');
  const joiner = url.includes('?') ? '&' : '?';
  return `${url}${joiner}timestamp=${now}&sign=${encodeURIComponent(sign)}`;
}

/** DingTalk robot: a text message, signed when a secret is set, @-mentioning the mobiles. */
export const sendDingTalk: Sender = async (ctx, to, message) => {
  const { dingtalk_url: url, dingtalk_secret: secret, dingtalk_mobiles: mobiles } = to.prefs;
  if (!url) throw new DeliveryError('no DingTalk robot address');
  const mentions = mobiles.map((m) => `@${m}`).join(' ');
  const answer = await postJson(
    ctx,
    secret ? signDingTalkUrl(url, secret) : url,
    JSON.stringify({
      msgtype: 'text',
      text: { content: `${message.title}\n${message.content}${mentions ? `\n${mentions}` : ''}` },
      at: { atMobiles: mobiles, isAtAll: false },
    }),
  );
  checkRobotAnswer(answer);
};
