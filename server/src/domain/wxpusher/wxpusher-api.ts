import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { wxPusherAppToken, wxPusherBaseUrl } from '../../config/settings/groups/wxpusher.js';
import { AppError } from '../../errors.js';
import { fetchProviderJson } from '../oauth/provider-http.js';

/** WxPusher's "OK" answer code. */
const okCode = 1000;

const answer = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string().nullish(), data: data.nullish() });

/** A parametric QR code as WxPusher created it. */
export interface WxPusherQr {
  code: string;
  url: string;
  shortUrl: string;
  /** Expiry in Unix milliseconds. */
  expires: number;
}

/** The configured app token; throws `wxpusher_not_configured` when empty. */
export function requireAppToken(ctx: AppContext): string {
  const token = ctx.settings.get(wxPusherAppToken).trim();
  if (!token) throw new AppError('wxpusher_not_configured');
  return token;
}

async function call<T>(
  ctx: AppContext,
  path: string,
  init: RequestInit,
  data: z.ZodType<T>,
): Promise<T | null | undefined> {
  const body = await fetchProviderJson(
    `${ctx.settings.get(wxPusherBaseUrl)}${path}`,
    { ...init, timeoutMs: 10_000 },
    answer(data),
    { id: 'wxpusher_failed', what: 'WxPusher' },
  );
  if (body.code !== okCode) {
    throw new AppError('wxpusher_failed', { detail: `${body.code} ${body.msg ?? ''}`.trim() });
  }
  return body.data;
}

/** `POST /api/fun/create/qrcode`: a QR code that reports `extra` when scanned. */
export async function createQrCode(
  ctx: AppContext,
  extra: string,
  validSeconds: number,
): Promise<WxPusherQr> {
  const data = await call(
    ctx,
    '/api/fun/create/qrcode',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appToken: requireAppToken(ctx), extra, validTime: validSeconds }),
    },
    z.object({
      code: z.string(),
      url: z.string(),
      shortUrl: z.string().nullish(),
      expires: z.number().nullish(),
    }),
  );
  if (!data) throw new AppError('wxpusher_failed', { detail: 'no QR code in the answer' });
  return {
    code: data.code,
    url: data.url,
    shortUrl: data.shortUrl ?? '',
    expires: data.expires ?? Date.now() + validSeconds * 1000,
  };
}

/** `GET /api/fun/scan-qrcode-uid`: the uid of the last user who scanned, or empty. */
export async function findScannerUid(ctx: AppContext, qrCode: string): Promise<string> {
  const query = new URLSearchParams({ code: qrCode });
  const uid = await call(ctx, `/api/fun/scan-qrcode-uid?${query.toString()}`, {}, z.string());
  return uid ?? '';
}
