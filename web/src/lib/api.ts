import { ApiError, httpErrorMessage, type Translate } from './api-errors';
import { userStore } from './user-store';

export { ApiError } from './api-errors';

type QueryValue = string | number | boolean | null | undefined;

/** Options of one console call. */
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sent as the raw body with its own type instead of a JSON `body`. */
  file?: Blob;
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

/** Sends one call; network failures and 401 become ApiError here, the rest is the caller's. */
async function send(
  method: string,
  path: string,
  { query, body, file, silent, signal }: RequestOptions,
): Promise<{ response: Response; sentAs: number | undefined }> {
  const sentAs = userStore.get()?.id;
  const headers: Record<string, string> = {
    'New-Api-User': String(sentAs ?? -1),
    'Cache-Control': 'no-store',
    'Accept-Language': hooks.language(),
  };
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(urlOf(path, query), {
      method,
      headers,
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'same-origin',
      signal,
    });
    return { response, sentAs };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const detail = cause instanceof Error ? cause.message : String(cause);
    fail(new ApiError(httpErrorMessage(null, detail, hooks.translate), null), silent);
  }
}

/** Reads the envelope of an answer; throws ApiError on any failure. */
async function readEnvelope<T>(
  response: Response,
  sentAs: number | undefined,
  silent?: boolean,
): Promise<Envelope<T>> {
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.status === 401) {
    if (userStore.isExpiry(sentAs)) hooks.onUnauthorized();
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

/** Sends one console call and returns the whole envelope; throws ApiError on any failure. */
export async function requestEnvelope<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const { response, sentAs } = await send(method, path, options);
  return readEnvelope<T>(response, sentAs, options.silent);
}

/**
 * Fetches a file (a PDF, an export). A refusal comes back as the JSON envelope and is
 * reported like any other failure.
 */
export async function requestFile(path: string, options: RequestOptions = {}): Promise<Blob> {
  const { response, sentAs } = await send('GET', path, options);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    await readEnvelope(response, sentAs, options.silent);
    const error = httpErrorMessage(response.status, response.statusText, hooks.translate);
    fail(new ApiError(error, response.status), options.silent);
  }
  return response.blob();
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
  /** Sends a file as the raw request body. */
  upload: <T>(method: 'PUT' | 'POST', path: string, file: Blob, options?: RequestOptions) =>
    request<T>(method, path, { ...options, file }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};
