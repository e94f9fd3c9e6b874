import { randomInt } from 'node:crypto';
import { sendJson, startFakeHttp, type FakeHttp } from './fake-http.js';

/** The fake songquanpeng/wechat-server: codes a follower got by sending 「验证码」. */
export interface FakeWeChatHelper extends FakeHttp {
  /** The 6-digit code the official account would reply to `openId`; valid 3 minutes. */
  issueCode(openId: string, validMs?: number): string;
}

/**
 * Starts the fake helper. `GET /api/wechat/user?code=` needs `Authorization: <token>` (raw,
 * no Bearer): a bad token gives `success:false`; an unknown or expired code gives `data:""`.
 * Like the real helper, a code is not used up by a lookup.
 */
export async function startFakeWeChatHelper(token: string, port = 0): Promise<FakeWeChatHelper> {
  const codes = new Map<string, { openId: string; expires: number }>();
  const http = await startFakeHttp(
    {
      'GET /api/wechat/user': (x) => {
        if (x.req.headers.authorization !== token) {
          return sendJson(x.res, 200, { success: false, message: '无权进行此操作，Token 无效' });
        }
        const entry = codes.get(x.query.get('code') ?? '');
        const openId = entry && entry.expires > Date.now() ? entry.openId : '';
        sendJson(x.res, 200, { success: true, message: '', data: openId });
      },
    },
    port,
  );
  return {
    ...http,
    issueCode: (openId, validMs = 3 * 60_000) => {
      const code = String(randomInt(100000, 1000000));
      codes.set(code, { openId, expires: Date.now() + validMs });
      return code;
    },
  };
}
