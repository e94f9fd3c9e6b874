import { createHmac } from 'node:crypto';
import { nowSeconds } from '../../../lib/time.js';
import { DeliveryError, postJson, type Sender } from './message.js';

/**
 * A webhook: `POST` of `{type, title, content, timestamp}`; with a token, both
 * `Authorization: Bearer <token>` and `X-Webhook-Signature: hex(HMAC-SHA256(token, body))`,
 * so receivers written for either new-api mode work. Any 2xx is delivered.
 */
export const sendWebhook: Sender = async (ctx, to, message) => {
  const { webhook_url: url, webhook_token: token } = to.prefs;
  if (!url) throw new DeliveryError('no webhook address');
  const body = JSON.stringify({
    type: message.event,
    title: message.title,
    content: message.content,
    timestamp: nowSeconds(),
  });
  const headers: Record<string, string> = {};
  if (token) {
    headers.authorization = `Bearer ${token}`;
    headers['x-webhook-signature'] = createHmac('sha256', token).update(body).digest('hex');
  }
  await postJson(ctx, url, body, headers);
};
