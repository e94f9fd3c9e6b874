import { createHash, randomBytes } from 'node:crypto';
import { sendJson, startFakeHttp, type FakeHttp } from './fake-http.js';

/** The fake WxPusher: parametric QR codes and who scanned them. */
export interface FakeWxPusher extends FakeHttp {
  /** A WeChat user scans the QR code `code` (the last scanner wins, as on WxPusher). */
  scan(code: string, uid: string): void;
  /** The `extra` each created code carries, by code. */
  extras: Map<string, string>;
}

/** A QR-looking SVG (data URI) for a code, so screenshots show an image, not a broken link. */
function pictureOf(code: string): string {
  const bits = createHash('sha256').update(code).digest();
  const cells: string[] = [];
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      const finder = (x < 7 || x > 13) && y < 7 ? true : x < 7 && y > 13;
      const ring =
        finder &&
        (x % 14 === 0 ||
          x % 14 === 6 ||
          y % 14 === 0 ||
          y % 14 === 6 ||
          (x % 14 > 1 && x % 14 < 5 && y % 14 > 1 && y % 14 < 5));
      const on = finder ? ring : ((bits[(y * 21 + x) % 32] >> ((x + y) % 8)) & 1) === 1;
      if (on) cells.push(`<rect x="${x + 2}" y="${y + 2}" width="1" height="1"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25"><rect width="25" height="25" fill="#fff"/><g fill="#000">${cells.join('')}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Starts the fake: `POST /api/fun/create/qrcode`, `GET /api/fun/scan-qrcode-uid` and
 * `POST /api/send/message`.
 */
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
            url: pictureOf(code),
            shortUrl: `${http.url}/s/${code}`,
            extra,
            expires: Date.now() + seconds * 1000,
          }),
        );
      },
      'POST /api/send/message': (x) => {
        const body = JSON.parse(x.req.body) as { appToken?: string; uids?: string[] };
        if (body.appToken !== appToken) {
          return sendJson(x.res, 200, answer(null, 1002, 'appToken不正确'));
        }
        const uids = body.uids ?? [];
        sendJson(
          x.res,
          200,
          answer(uids.map((uid) => ({ uid, code: 1000, status: '创建发送任务成功' }))),
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
