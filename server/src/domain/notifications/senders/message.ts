import type { NotificationPrefs } from '@gateway/shared';
import { fetch } from 'undici';
import {
  fetchAllowedHosts,
  notifyPrivateAddresses,
} from '../../../config/settings/groups/operation.js';
import { publicAgentFor } from '../../../lib/public-address.js';
import type { NotifyContext } from '../notify-context.js';

/** One notification as a sender delivers it. */
export interface OutgoingMessage {
  event: string;
  title: string;
  content: string;
}

/** Who receives it: the user's settings and account details a method needs. */
export interface Recipient {
  prefs: NotificationPrefs;
  /** The account e-mail (used when the settings name none). */
  accountEmail: string;
  /** The bound WxPusher uid, if any. */
  wxpusherUid: string;
}

/** Delivers one message by one method; throws (with a short reason) when it was not accepted. */
export type Sender = (ctx: NotifyContext, to: Recipient, message: OutgoingMessage) => Promise<void>;

/** A delivery that failed, with the reason shown to the user. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
}

/**
 * Posts JSON and answers the parsed answer (or its text); throws DeliveryError when refused.
 * Addresses users type in reach only the public internet unless `NotifyPrivateAddresses`
 * allows private ones (an operator's own receivers on a LAN); redirects are not followed.
 */
export async function postJson(
  ctx: NotifyContext,
  url: string,
  body: string,
  headers: Record<string, string> = {},
  /** The address is the operator's own (a provider's API), not one a user typed. */
  trusted = false,
): Promise<unknown> {
  const allowPrivate = trusted || ctx.settings.get(notifyPrivateAddresses);
  let res: Awaited<ReturnType<typeof fetch>>;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      dispatcher: allowPrivate ? undefined : publicAgentFor(ctx.settings.get(fetchAllowedHosts)),
    });
  } catch (error) {
    const e = error as {
      name?: string;
      cause?: { code?: string; message?: string };
      message?: string;
    };
    if (e.cause?.code === 'EADDRNOTPUBLIC')
      throw new DeliveryError(e.cause.message ?? 'not public');
    throw new DeliveryError(
      e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.message ?? 'unreachable'),
    );
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new DeliveryError(`HTTP ${res.status} ${text.slice(0, 200)}`.trim());
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The `{errcode, errmsg}` answer of the WeCom and DingTalk robots: errcode 0 is OK. */
export function checkRobotAnswer(answer: unknown): void {
  const a = answer as { errcode?: unknown; errmsg?: unknown } | null;
  if (!a || typeof a !== 'object' || a.errcode !== 0) {
    throw new DeliveryError(
      `robot refused: ${String(a?.errcode ?? '?')} ${String(a?.errmsg ?? '')}`.trim(),
    );
  }
}

/** Cuts text to at most `bytes` UTF-8 bytes, on a character boundary. */
export function cutUtf8(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}
