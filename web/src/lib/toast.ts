import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/** antd's `App` message and modal APIs, registered by `<FeedbackBridge>` once the app renders. */
let api: AppApi | null = null;

/** Called by the bridge component with the context-aware APIs. */
export function registerFeedback(value: AppApi): void {
  api = value;
}

/** Shows an error toast. */
export function toastError(text: string): void {
  if (api) void api.message.error(text);
  else console.error(text);
}

/** Shows a success toast. */
export function toastSuccess(text: string): void {
  if (api) void api.message.success(text);
}

/** Shows a warning toast. */
export function toastWarning(text: string): void {
  if (api) void api.message.warning(text);
}

/** The modal API for dialogs opened outside components, when available. */
export function feedbackModal(): AppApi['modal'] | null {
  return api?.modal ?? null;
}
