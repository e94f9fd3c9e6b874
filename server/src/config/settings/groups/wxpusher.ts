import { z } from 'zod';
import { text } from '../define.js';

// WxPusher (WeChat push): the app that users bind to by scanning a QR code (root only).

/** App token (`AT_…`) of the WxPusher app; empty means WxPusher is not offered. */
export const wxPusherAppToken = text('WxPusherAppToken');
/** WxPusher API origin (tests point it at a fake). */
export const wxPusherBaseUrl = text(
  'WxPusherBaseUrl',
  'https://wxpusher.zjiecode.com',
  z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, '')),
);
