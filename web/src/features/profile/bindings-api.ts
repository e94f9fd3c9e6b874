import type { BindingKind, WxPusherBindStatus, WxPusherQrCode } from '@gateway/shared';
import { api } from '../../lib/api';

/** `GET /api/verification` while signed in: mails a code to bind or change the e-mail. */
export const sendBindCode = (email: string) =>
  api.get<null>('/api/verification', { query: { email } });

/** `POST /api/oauth/email/bind`: binds the e-mail with the mailed code. */
export const bindEmail = (email: string, code: string) =>
  api.post<null>('/api/oauth/email/bind', { email, code });

/** `POST /api/oauth/wechat/bind`: binds WeChat with the code the official account sent. */
export const bindWeChat = (code: string) => api.post<null>('/api/oauth/wechat/bind', { code });

/** `DELETE /api/user/self/bindings/:kind`: refused for the last way to sign in. */
export const unbind = (kind: BindingKind) => api.delete<null>(`/api/user/self/bindings/${kind}`);

/** `GET /api/user/wxpusher/qrcode`: a QR code that binds whoever scans it, until it expires. */
export const fetchWxPusherQrCode = () => api.get<WxPusherQrCode>('/api/user/wxpusher/qrcode');

/** `GET /api/user/wxpusher/bind/status`: whether the QR code has been scanned. */
export const fetchWxPusherStatus = () =>
  api.get<WxPusherBindStatus>('/api/user/wxpusher/bind/status', { silent: true });
