import type {
  LoginRequest,
  LoginResult,
  RegisterRequest,
  ResetPasswordRequest,
  SelfUser,
} from '@gateway/shared';
import { api } from '../../lib/api';
import { takeTurnstileToken } from './lib/turnstile-token';

/** The Turnstile query of a guarded call (empty when the check is off). */
const turnstile = () => ({ turnstile: takeTurnstileToken() });

/** `POST /api/user/login` by username or e-mail. */
export const login = (body: LoginRequest) =>
  api.post<LoginResult>('/api/user/login', body, { query: turnstile() });

/** `GET /api/user/self`: the signed-in user. */
export const fetchSelf = () => api.get<SelfUser>('/api/user/self');

/** `POST /api/user/register`. */
export const register = (body: RegisterRequest) =>
  api.post<null>('/api/user/register', body, { query: turnstile() });

/** `GET /api/verification`: e-mails a registration code. */
export const sendVerificationCode = (email: string) =>
  api.get<null>('/api/verification', { query: { email, ...turnstile() } });

/** `GET /api/reset_password`: e-mails a password-reset link. */
export const requestPasswordReset = (email: string) =>
  api.get<null>('/api/reset_password', { query: { email, ...turnstile() } });

/** `POST /api/user/reset`: sets a new password with the token from the reset link. */
export const resetPassword = (body: ResetPasswordRequest) =>
  api.post<null>('/api/user/reset', body);

/** `GET /api/oauth/state`: a one-time state for a third-party sign-in, carrying an invitation code. */
export const fetchOAuthState = (aff?: string) =>
  api.get<string>('/api/oauth/state', { silent: true, query: { aff } });

/** `GET /api/oauth/wechat`: signs in with the code shown by the WeChat account. */
export const loginWithWeChat = (code: string) =>
  api.get<LoginResult>('/api/oauth/wechat', { query: { code } });
