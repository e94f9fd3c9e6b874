import { z } from 'zod';
import { loginResult, password } from './users.js';

/** A required e-mail address, trimmed and lower-cased. */
export const requiredEmail = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(255, 'email_invalid')
  .refine((v) => z.email().safeParse(v).success, 'email_invalid')
  .transform((v) => v.toLowerCase());

/** The Cloudflare Turnstile token, sent as the `turnstile` query parameter of guarded calls. */
const turnstile = z.string().max(4096).optional();

/** `GET /api/verification`: mail a code to register with, or (signed in) to bind the address. */
export const verificationQuery = z.object({ email: requiredEmail, turnstile });
export type VerificationQuery = z.infer<typeof verificationQuery>;

/** `GET /api/reset_password`: mail a reset link if the address belongs to an account. */
export const resetPasswordQuery = z.object({ email: requiredEmail, turnstile });
export type ResetPasswordQuery = z.infer<typeof resetPasswordQuery>;

/** `POST /api/user/reset`: finish a reset with the mailed token and the chosen password. */
export const resetPasswordRequest = z.object({
  email: requiredEmail,
  /** The `token` of the mailed link. */
  token: z.string().trim().min(1, 'reset_link_invalid').max(128, 'reset_link_invalid'),
  /** The new password (8–20 characters). */
  password,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** `POST /api/oauth/email/bind`: bind or change the e-mail with a mailed code. */
export const bindEmailRequest = z.object({
  email: requiredEmail,
  code: z.string().trim().min(1, 'verification_code_required').max(32),
});
export type BindEmailRequest = z.infer<typeof bindEmailRequest>;

/** `GET /api/oauth/state`: optional invitation code carried through the provider round trip. */
export const oauthStateQuery = z.object({ aff: z.string().trim().max(32).optional() });

/** `GET /api/oauth/github|linuxdo`: what the provider put on the callback URL. */
export const oauthCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
  /** Set by the provider when the visitor refused or something failed. */
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuery>;

/** `GET /api/oauth/wechat` and `POST /api/oauth/wechat/bind`: the code the official account sent. */
export const weChatCodeQuery = z.object({
  code: z.string().trim().min(1, 'wechat_code_invalid').max(64, 'wechat_code_invalid'),
});

/** A third-party sign-in that signed the visitor in (the session cookie is set). */
export const oauthLoginResult = loginResult.extend({ action: z.literal('login') });
/** A third-party sign-in that bound the provider to the signed-in account. */
export const oauthBindResult = z.object({ action: z.literal('bind') });
/** `data` of a third-party callback: signed in, or bound to the current account. */
export const oauthResult = z.union([oauthLoginResult, oauthBindResult]);
export type OAuthResult = z.infer<typeof oauthResult>;

/** What a user can unbind from their account. */
export const bindingKind = z.enum(['email', 'github', 'linuxdo', 'wechat', 'wxpusher']);
export type BindingKind = z.infer<typeof bindingKind>;

/** `GET /api/user/wxpusher/qrcode`: a QR code to scan with WeChat, valid until `expires_at`. */
export const wxPusherQrCode = z.object({
  /** Image URL of the QR code. */
  url: z.string(),
  /** A short link that opens the same subscription page. */
  short_url: z.string(),
  /** Unix seconds after which the code no longer binds; fetch a new one. */
  expires_at: z.number().int(),
});
export type WxPusherQrCode = z.infer<typeof wxPusherQrCode>;

/** `GET /api/user/wxpusher/bind/status`: whether the latest QR code has been scanned. */
export const wxPusherBindStatus = z.object({
  /** True once a scan bound a WeChat user; `uid` is then stored on the account. */
  bound: z.boolean(),
  /** True when there is no live QR code (never fetched, or expired): fetch a new one. */
  expired: z.boolean(),
  /** The bound WxPusher uid, empty until bound. */
  uid: z.string(),
});
export type WxPusherBindStatus = z.infer<typeof wxPusherBindStatus>;

/** `POST /api/option/test_mail`: where the root user wants the test mail. */
export const testMailRequest = z.object({ to: requiredEmail });
export type TestMailRequest = z.infer<typeof testMailRequest>;
