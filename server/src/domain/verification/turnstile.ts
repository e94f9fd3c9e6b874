import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  turnstileCheckEnabled,
  turnstileSecretKey,
  turnstileVerifyUrl,
} from '../../config/settings/groups/auth.js';
import { AppError } from '../../errors.js';

const siteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * When Turnstile is switched on, checks the visitor's token with Cloudflare's siteverify
 * (form POST of `secret`, `response`, `remoteip`); does nothing otherwise. Throws
 * `turnstile_token_empty` or `turnstile_failed`.
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
    const res = await fetch(ctx.settings.get(turnstileVerifyUrl), {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
    });
    const answer = siteverifyAnswer.parse(await res.json());
    success = answer.success;
    if (!success) ctx.log.info({ codes: answer['error-codes'] }, 'turnstile refused a token');
  } catch (error) {
    ctx.log.warn({ err: error }, 'turnstile verification request failed');
  }
  if (!success) throw new AppError('turnstile_failed');
}
