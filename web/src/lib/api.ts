import i18n from '../i18n';
import { navigateTo } from './navigation';
import { clearStoredUser, getStoredUser } from './session';
import { toastError } from './toast';

/** A failed call; its message has already been shown unless the call was `silent`. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 for a network failure. */
    readonly status: number,
    /** Stable server error id, when the server sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** Options of one call. */
export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Do not toast failures (the caller shows them itself). */
  silent?: boolean;
  signal?: AbortSignal;
}

interface Envelope<T> {
  success: boolean;
  message: string;
  code?: string;
  data?: T;
}

/** Builds `path?query`, skipping empty values. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The headers every console call carries (spec section 7). */
export function consoleHeaders(): Record<string, string> {
  return {
    'New-Api-User': String(getStoredUser()?.id ?? -1),
    'Cache-Control': 'no-store',
    'Accept-Language': i18n.language || 'en',
  };
}

/** The text shown for a failed HTTP status (spec section 8). */
export function httpErrorText(status: number, message: string): string {
  if (status === 429) return i18n.t('common:errors.tooManyRequests');
  if (status === 500) return i18n.t('common:errors.internal');
  if (status === 405) return i18n.t('common:errors.demoSite');
  return `${i18n.t('common:errors.prefix')}${message}`;
}

function fail(error: ApiError, silent?: boolean): never {
  if (!silent) toastError(error.message);
  throw error;
}

/** Calls the management API and unwraps the `{success, message, data}` envelope. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = consoleHeaders();
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    return fail(new ApiError(httpErrorText(0, (cause as Error).message), 0), options.silent);
  }
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.status === 401) {
    clearStoredUser();
    navigateTo('/login?expired=true');
    throw new ApiError(payload?.message ?? response.statusText, 401, payload?.code);
  }
  if (!response.ok) {
    const text = httpErrorText(response.status, payload?.message || response.statusText);
    return fail(new ApiError(text, response.status, payload?.code), options.silent);
  }
  if (!payload || typeof payload.success !== 'boolean') {
    return fail(new ApiError(httpErrorText(response.status, 'invalid answer'), response.status));
  }
  if (!payload.success) {
    return fail(new ApiError(payload.message, response.status, payload.code), options.silent);
  }
  return { data: payload.data as T, message: payload.message };
}

/** GET returning `data`. */
export async function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await request<T>('GET', path, options)).data;
}

/** A write returning `data` and the server's `message` (warnings ride on success answers). */
export function apiSend<T = null>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: RequestOptions,
) {
  return request<T>(method, path, { ...options, body });
}
