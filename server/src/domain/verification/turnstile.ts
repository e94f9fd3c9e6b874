import type { AppContext } from '../../context.js';
import { turnstileCheckEnabled, turnstileSecretKey } from '../../config/settings/groups/auth.js';
import { AppError } from '../../http/errors.js';

const verifyUrl = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * When Turnstile is switched on, checks the visitor's token (query `turnstile=`) with
 * Cloudflare; does nothing otherwise.
 */
export async function checkTurnstile(
  ctx: AppContext,
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (!ctx.settings.get(turnstileCheckEnabled)) return;
  if (!token) throw new AppError('turnstile_token_empty');
  const body = new URLSearchParams({
    secret: ctx.settings.get(turnstileSecretKey),
    response: token,
    remoteip: ip,
  });
  let success = false;
  try {
    const res = await fetch(verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    success = ((await res.json()) as { success?: boolean }).success === true;
  } catch (error) {
    ctx.log.warn({ err: error }, 'turnstile verification request failed');
  }
  if (!success) throw new AppError('turnstile_failed');
}
