import type { LoginRequest, LoginResult, RegisterRequest, SelfUser } from '@gateway/shared';
import { apiGet, apiSend } from '../../lib/api';
import { clearStoredUser, setStoredUser } from '../../lib/session';

/** `POST /api/user/login`, then stores the user (refreshed from `/api/user/self`). */
export async function login(body: LoginRequest): Promise<LoginResult> {
  const { data } = await apiSend<LoginResult>('POST', '/api/user/login', body);
  setStoredUser(data);
  try {
    setStoredUser(await apiGet<SelfUser>('/api/user/self', { silent: true }));
  } catch {
    /* the login answer is enough to continue */
  }
  return data;
}

/** `POST /api/user/register`. */
export const register = (body: RegisterRequest) =>
  apiSend('POST', '/api/user/register', body).then((r) => r.message);

/** `GET /api/verification?email=`: mails a sign-up code. */
export const sendVerificationCode = (email: string) =>
  apiGet<null>('/api/verification', { query: { email } });

/** `GET /api/reset_password?email=`: mails a password-reset link. */
export const requestPasswordReset = (email: string) =>
  apiGet<null>('/api/reset_password', { query: { email } });

/** `POST /api/user/reset`: confirms a reset with the mailed token and a new password. */
export const confirmPasswordReset = (body: { email: string; token: string; password: string }) =>
  apiSend('POST', '/api/user/reset', body);

/** `GET /api/user/logout`; the stored user is cleared even when the call fails. */
export async function logout(): Promise<void> {
  try {
    await apiGet<null>('/api/user/logout', { silent: true });
  } finally {
    clearStoredUser();
  }
}
