import { randomBytes } from 'node:crypto';
import { sendJson, startFakeHttp, type FakeHttp } from './fake-http.js';

/** The fake WxPusher: parametric QR codes and who scanned them. */
export interface FakeWxPusher extends FakeHttp {
  /** A WeChat user scans the QR code `code` (the last scanner wins, as on WxPusher). */
  scan(code: string, uid: string): void;
  /** The `extra` each created code carries, by code. */
  extras: Map<string, string>;
}

/** Starts the fake: `POST /api/fun/create/qrcode` and `GET /api/fun/scan-qrcode-uid`. */
export async function startFakeWxPusher(appToken: string, port = 0): Promise<FakeWxPusher> {
  const scans = new Map<string, string>();
  const extras = new Map<string, string>();
  const answer = (data: unknown, code = 1000, msg = '处理成功') => ({
    code,
    msg,
    data,
    success: code === 1000,
  });
  const http = await startFakeHttp(
    {
      'POST /api/fun/create/qrcode': (x) => {
        const { appToken: given, extra, validTime } = x.fields;
        if (given !== appToken) return sendJson(x.res, 200, answer(null, 1002, 'appToken不正确'));
        if (!extra || extra.length > 64) return sendJson(x.res, 200, answer(null, 1001, 'extra'));
        const code = `SCAN_${randomBytes(8).toString('hex')}`;
        extras.set(code, extra);
        const seconds = Number(validTime || 1800);
        sendJson(
          x.res,
          200,
          answer({
            code,
            url: `${http.url}/qr/${code}.png`,
            shortUrl: `${http.url}/s/${code}`,
            extra,
            expires: Date.now() + seconds * 1000,
          }),
        );
      },
      'GET /api/fun/scan-qrcode-uid': (x) => {
        const code = x.query.get('code') ?? '';
        if (!extras.has(code)) return sendJson(x.res, 200, answer(null, 1004, '二维码不存在'));
        sendJson(x.res, 200, answer(scans.get(code) ?? null));
      },
    },
    port,
  );
  return { ...http, extras, scan: (code, uid) => void scans.set(code, uid) };
}
