import { flag, number, text } from '../define.js';

// Outgoing mail (SMTP) and the lifetimes of what it carries (root only).

/** SMTP host name; also the TLS server name. Empty means e-mail is not configured. */
export const smtpServer = text('SMTPServer');
/** SMTP port; 465 always means implicit TLS, other ports upgrade with STARTTLS when offered. */
export const smtpPort = number('SMTPPort', 587);
/** Use implicit TLS (TLS from the first byte) whatever the port. */
export const smtpSslEnabled = flag('SMTPSSLEnabled', false);
/** Check the server's TLS certificate (off by default, like new-api, for self-signed relays). */
export const smtpVerifyCertificate = flag('SMTPVerifyCertificate', false);
/** SMTP user name; empty sends without authentication. */
export const smtpAccount = text('SMTPAccount');
/** Envelope sender and From address; empty means the account. */
export const smtpFrom = text('SMTPFrom');
/** SMTP password or app password; never returned by the settings list. */
export const smtpToken = text('SMTPToken');
/** Authenticate with AUTH LOGIN instead of AUTH PLAIN (some providers only take LOGIN). */
export const smtpForceAuthLogin = flag('SMTPForceAuthLogin', false);
/** Minutes an e-mail verification code stays valid. */
export const emailCodeTtlMinutes = number('EmailCodeTTLMinutes', 10);
/** Minutes a password reset link stays valid. */
export const resetLinkTtlMinutes = number('ResetLinkTTLMinutes', 10);
