/** Translates a key of the `common` namespace (injected so the rule stays testable). */
export type Translate = (key: string, params?: Record<string, string>) => string;

/** A failed console call: HTTP failure, network failure, or `success: false`. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when the request never got an answer. */
    readonly status: number | null,
    /** Stable error id from the server (`code`), when it sent one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The toast text for a failed HTTP answer or network error: fixed for 429, 500, 405. */
export function httpErrorMessage(status: number | null, detail: string, t: Translate): string {
  switch (status) {
    case 429:
      return t('errors.tooManyRequests');
    case 500:
      return t('errors.internal');
    case 405:
      return t('errors.demoSite');
    default:
      return t('errors.generic', { message: detail });
  }
}
