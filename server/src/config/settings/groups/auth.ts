import { z } from 'zod';
import { flag, number, text } from '../define.js';

/** An absolute http(s) URL without a trailing slash (the code appends paths). */
const endpoint = z
  .string()
  .trim()
  .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''));

/** Empty, or an absolute http(s) URL without a trailing slash. */
const optionalEndpoint = z
  .string()
  .trim()
  .regex(/^(https?:\/\/\S+)?$/, 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''));

// Sign-in and sign-up switches and the third-party login configuration (root only).

/** Whether username/e-mail + password sign-in is allowed. */
export const passwordLoginEnabled = flag('PasswordLoginEnabled', true);
/** Whether sign-up with a username and password is allowed. */
export const passwordRegisterEnabled = flag('PasswordRegisterEnabled', true);
/** Master switch for every kind of new registration. */
export const registerEnabled = flag('RegisterEnabled', true);
/** Whether sign-up needs an e-mail address and a mailed verification code. */
export const emailVerificationEnabled = flag('EmailVerificationEnabled', false);
/** Whether only e-mail domains of the whitelist may register. */
export const emailDomainRestrictionEnabled = flag('EmailDomainRestrictionEnabled', false);
/** Allowed e-mail domains, comma-separated. */
export const emailDomainWhitelist = text(
  'EmailDomainWhitelist',
  'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
);
/** Whether `name+alias@domain` addresses are refused. */
export const emailAliasRestrictionEnabled = flag('EmailAliasRestrictionEnabled', false);

/** Whether "sign in with GitHub" is offered. */
export const gitHubOAuthEnabled = flag('GitHubOAuthEnabled', false);
/** GitHub OAuth app client id. */
export const gitHubClientId = text('GitHubClientId');
/** GitHub OAuth app client secret. */
export const gitHubClientSecret = text('GitHubClientSecret');
/** Whether "sign in with linux.do" is offered. */
export const linuxDoOAuthEnabled = flag('LinuxDOOAuthEnabled', false);
/** linux.do OAuth client id. */
export const linuxDoClientId = text('LinuxDOClientId');
/** linux.do OAuth client secret. */
export const linuxDoClientSecret = text('LinuxDOClientSecret');
/** Lowest linux.do trust level (0 new … 4 leader) allowed to sign in, sign up or bind. */
export const linuxDoMinimumTrustLevel = number('LinuxDOMinimumTrustLevel', 0);
/** GitHub's web origin: authorize and token endpoints live under it (tests point it elsewhere). */
export const gitHubOAuthBaseUrl = text('GitHubOAuthBaseUrl', 'https://github.com', endpoint);
/** GitHub's REST API origin, for `/user` and `/user/emails`. */
export const gitHubApiBaseUrl = text('GitHubApiBaseUrl', 'https://api.github.com', endpoint);
/** linux.do authorize page the console sends visitors to. */
export const linuxDoAuthorizeEndpoint = text(
  'LinuxDOAuthorizeEndpoint',
  'https://connect.linux.do/oauth2/authorize',
  endpoint,
);
/** linux.do token endpoint (code → access token). */
export const linuxDoTokenEndpoint = text(
  'LinuxDOTokenEndpoint',
  'https://connect.linux.do/oauth2/token',
  endpoint,
);
/** linux.do user endpoint (access token → profile with trust level). */
export const linuxDoUserEndpoint = text(
  'LinuxDOUserEndpoint',
  'https://connect.linux.do/api/user',
  endpoint,
);
/** Whether WeChat scan-code sign-in is offered. */
export const weChatAuthEnabled = flag('WeChatAuthEnabled', false);
/** Base URL of the WeChat server helper (songquanpeng/wechat-server). */
export const weChatServerAddress = text('WeChatServerAddress', '', optionalEndpoint);
/** Access token of the WeChat server helper. */
export const weChatServerToken = text('WeChatServerToken');
/** QR code image of the WeChat official account. */
export const weChatAccountQrCodeImageUrl = text('WeChatAccountQRCodeImageURL');
/** Whether sign-in and sign-up need a Cloudflare Turnstile token. */
export const turnstileCheckEnabled = flag('TurnstileCheckEnabled', false);
/** Turnstile site key: public, shown to the console (so not hidden like other `…Key`s). */
export const turnstileSiteKey = text('TurnstileSiteKey');
/** Turnstile secret key. */
export const turnstileSecretKey = text('TurnstileSecretKey');
/** Cloudflare's siteverify endpoint (tests point it at a fake). */
export const turnstileVerifyUrl = text(
  'TurnstileVerifyUrl',
  'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  endpoint,
);

/** Sign-in attempts allowed per IP per minute. */
export const loginRateLimit = number('LoginRateLimit', 30);
/** Sign-up attempts allowed per IP per minute. */
export const registerRateLimit = number('RegisterRateLimit', 10);
