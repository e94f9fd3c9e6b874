import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { weChatServerAddress, weChatServerToken } from '../../config/settings/groups/auth.js';
import { AppError } from '../../errors.js';
import { fetchProviderJson } from './provider-http.js';
import type { ExternalProfile } from './providers.js';

const lookupAnswer = z.object({
  success: z.boolean(),
  message: z.string().default(''),
  data: z.string().nullish(),
});

/**
 * Resolves a scan code (sent by the official account, valid 3 minutes on the helper) to the
 * follower's OpenID with `GET {WeChatServerAddress}/api/wechat/user?code=` and the raw token
 * in `Authorization`. Throws `wechat_code_invalid` for an unknown or expired code and
 * `wechat_server_error` when the helper refuses or cannot be reached.
 */
export async function fetchWeChatProfile(ctx: AppContext, code: string): Promise<ExternalProfile> {
  const url = `${ctx.settings.get(weChatServerAddress)}/api/wechat/user?code=${encodeURIComponent(code)}`;
  const answer = await fetchProviderJson(
    url,
    { headers: { authorization: ctx.settings.get(weChatServerToken) }, timeoutMs: 5000 },
    lookupAnswer,
    { id: 'wechat_server_error', what: 'WeChat server' },
  );
  if (!answer.success) {
    throw new AppError('wechat_server_error', { detail: answer.message || 'refused' });
  }
  if (!answer.data) throw new AppError('wechat_code_invalid');
  return { id: answer.data, username: '', displayName: '', email: '' };
}
