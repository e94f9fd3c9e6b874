import { ApiError, httpErrorMessage, type Translate } from './api-errors';
import { userStore } from './user-store';

export { ApiError } from './api-errors';

type QueryValue = string | number | boolean | null | undefined;

/** Options of one console call. */
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Do not toast failures; the caller shows them. */
  silent?: boolean;
  signal?: AbortSignal;
}

/** The management API envelope. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  code?: string;
  data?: T;
}

interface Hooks {
  notifyError: (message: string) => void;
  /** HTTP 401: must forget the stored user (and the app also goes to /login?expired=true). */
  onUnauthorized: () => void;
  language: () => string;
  translate: Translate;
}

let hooks: Hooks = {
  notifyError: () => undefined,
  onUnauthorized: () => userStore.clear(),
  language: () => 'en',
  translate: (key) => key,
};

/** Connects the client to toasts, navigation and the current language (done once at start). */
export function configureApi(next: Partial<Hooks>): void {
  hooks = { ...hooks, ...next };
}

function urlOf(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function fail(error: ApiError, silent?: boolean): never {
  if (!silent) hooks.notifyError(error.message);
  throw error;
}

/** Sends one console call and returns the whole envelope; throws ApiError on any failure. */
export async function requestEnvelope<T>(
  method: string,
  path: string,
  { query, body, silent, signal }: RequestOptions = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    'New-Api-User': String(userStore.get()?.id ?? -1),
    'Cache-Control': 'no-store',
    'Accept-Language': hooks.language(),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const detail = cause instanceof Error ? cause.message : String(cause);
    fail(new ApiError(httpErrorMessage(null, detail, hooks.translate), null), silent);
  }
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.status === 401) {
    hooks.onUnauthorized();
    throw new ApiError(payload?.message || response.statusText, 401, payload?.code);
  }
  if (!response.ok) {
    const detail = payload?.message || response.statusText || String(response.status);
    fail(
      new ApiError(
        httpErrorMessage(response.status, detail, hooks.translate),
        response.status,
        payload?.code,
      ),
      silent,
    );
  }
  if (!payload || typeof payload.success !== 'boolean') {
    fail(
      new ApiError(
        httpErrorMessage(response.status, response.statusText, hooks.translate),
        response.status,
      ),
      silent,
    );
  }
  if (!payload.success) fail(new ApiError(payload.message, response.status, payload.code), silent);
  return payload;
}

/** Sends one console call and returns its `data`. */
export async function request<T>(
  method: string,
  path: string,
  options?: RequestOptions,
): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, options);
  return envelope.data as T;
}

/** Shorthands over `request`. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};
