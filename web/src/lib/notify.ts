import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

/** antd's themed toast and dialog APIs, installed by `NotifyBridge` inside `<App>`. */
let message: MessageInstance | null = null;
let modal: ModalApi | null = null;

/** Called once by the bridge component with the context-aware instances. */
export function installNotify(next: { message: MessageInstance; modal: ModalApi }): void {
  message = next.message;
  modal = next.modal;
}

/** Toasts usable outside components (API client, query callbacks). */
export const notify = {
  success: (text: string) => void message?.success(text),
  error: (text: string) => void message?.error(text),
  warning: (text: string) => void message?.warning(text),
  info: (text: string) => void message?.info(text),
  /** The dialog API, for the few places that need one outside a component. */
  modal: (): ModalApi | null => modal,
};
