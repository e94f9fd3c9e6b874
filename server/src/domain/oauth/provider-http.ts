import type { MessageId } from '@gateway/shared';
import type { z } from 'zod';
import { AppError } from '../../errors.js';

/** How a provider call failed, as the error the visitor sees. */
export interface ProviderFailure {
  /** Message id of the failure, e.g. `oauth_failed`; it takes a `{detail}`. */
  id: MessageId;
  /** Names the call in the detail, e.g. `GitHub token`. */
  what: string;
}

/**
 * Calls a third-party endpoint and reads its JSON answer with `schema`. A network error, a
 * timeout, a non-2xx status or an unexpected body becomes `failure.id` with a short detail
 * (never the credentials sent).
 */
export async function fetchProviderJson<T>(
  url: string,
  init: RequestInit & { timeoutMs: number },
  schema: z.ZodType<T>,
  failure: ProviderFailure,
): Promise<T> {
  const fail = (detail: string) =>
    new AppError(failure.id, { detail: `${failure.what}: ${detail}` });
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string }; message?: string };
    if (e.name === 'TimeoutError') throw fail('timed out');
    throw fail(e.cause?.code ?? e.message ?? 'unreachable');
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw fail(`HTTP ${res.status} ${text.slice(0, 200)}`.trim());
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail('the answer is not JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw fail('unexpected answer');
  return parsed.data;
}
