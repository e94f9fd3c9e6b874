import { z } from 'zod';
import { flag, json, number, text } from '../define.js';
import { parseStatusRanges } from '../status-ranges.js';

// Reliability of the relay: retries, automatic disabling and enabling of channels; key limits.

const statusRangesText = z.string().refine((v) => {
  try {
    parseStatusRanges(v);
    return true;
  } catch {
    return false;
  }
}, 'expected status codes or ranges like 401,403-404');

/** Extra attempts on other channels after a retryable failure. */
export const retryTimes = number('RetryTimes', 0);
const modelName = z.string().trim().min(1).max(128);
/**
 * Per model, the models that may answer instead, in order, when every channel of the model
 * failed or was full (`{"gpt-4o": ["gpt-4o-mini"]}`); a request is billed for the model that
 * answered. Only what root sets here falls back.
 */
export const modelFallbacks = json(
  'ModelFallbacks',
  z
    .record(modelName, z.array(modelName).max(5))
    .refine(
      (map) => Object.entries(map).every(([model, list]) => !list.includes(model)),
      'a model cannot fall back to itself',
    ),
  {},
);
/** One rule of sticky routing: which requests it keeps on a channel, and by what. */
const stickyRule = z
  .object({
    /** Shown in logs; unique. */
    name: z.string().trim().min(1).max(64),
    /** Request path prefix the rule applies to; empty = every path. */
    path: z.string().trim().max(128).default(''),
    /** Models the rule applies to; empty = every model. */
    models: z.array(modelName).max(100).default([]),
    /** Request header whose value identifies the conversation. */
    header: z.string().trim().toLowerCase().max(128).default(''),
    /** Or a body field (dot path, e.g. `metadata.user_id`) that identifies it. */
    body: z.string().trim().max(128).default(''),
    /** How long a conversation stays on its channel after its last request. */
    ttl_seconds: z.number().int().min(10).max(86_400).default(3600),
  })
  .refine((rule) => (rule.header === '') !== (rule.body === ''), 'set either header or body');
export type StickyRule = z.infer<typeof stickyRule>;
/** Whether conversations matched by the rules below stay on the channel that served them. */
export const stickyRoutingEnabled = flag('StickyRoutingEnabled', false);
/**
 * Sticky routing rules, first match wins. Ready-made: Claude Code (its session in
 * `metadata.user_id` on `/v1/messages`) and Codex (its `session_id` header on `/v1/responses`).
 */
export const stickyRoutingRules = json('StickyRoutingRules', z.array(stickyRule).max(20), [
  {
    name: 'claude-code',
    path: '/v1/messages',
    models: [],
    header: '',
    body: 'metadata.user_id',
    ttl_seconds: 3600,
  },
  {
    name: 'codex',
    path: '/v1/responses',
    models: [],
    header: 'session_id',
    body: '',
    ttl_seconds: 3600,
  },
]);
/**
 * Hosts (`name` or `name:port`, one per line) that addresses supplied by users or upstreams
 * (notification webhooks, task result URLs) may reach although they are not public.
 */
export const fetchAllowedHosts = text('FetchAllowedHosts', '');
/** Let notification webhooks and robots reach private and loopback addresses (own LAN). */
export const notifyPrivateAddresses = flag('NotifyPrivateAddresses', false);
/** Whether upstream failures matching the rules below disable a channel (status 3). */
export const automaticDisableChannelEnabled = flag('AutomaticDisableChannelEnabled', false);
/** Whether a passing test re-enables a channel that was disabled automatically. */
export const automaticEnableChannelEnabled = flag('AutomaticEnableChannelEnabled', false);
/** Upstream error texts (one per line, case-insensitive) that disable a channel. */
export const automaticDisableKeywords = text(
  'AutomaticDisableKeywords',
  [
    'Your credit balance is too low',
    'This organization has been disabled.',
    'You exceeded your current quota',
    'Permission denied',
    'The security token included in the request is invalid',
    'Operation not allowed',
    'Your account is not authorized',
  ].join('\n'),
);
/** Upstream status codes (codes and ranges) that disable a channel; 429 on purpose not. */
export const automaticDisableStatusCodes = text(
  'AutomaticDisableStatusCodes',
  '401',
  statusRangesText,
);
/** Upstream status codes (codes and ranges) after which another channel is tried. */
export const automaticRetryStatusCodes = text(
  'AutomaticRetryStatusCodes',
  '100-199,300-399,401-407,409-499,500-503,505-523,525-599',
  statusRangesText,
);
/** Failed share of a channel's requests in the window that takes it out of rotation; 0 = off. */
export const channelErrorRateThreshold = number('ChannelErrorRateThreshold', 0.5);
/** Seconds of the sliding window the error rate is measured over. */
export const channelErrorRateWindowSeconds = number('ChannelErrorRateWindowSeconds', 60);
/** Requests a window needs before its error rate counts. */
export const channelErrorRateMinRequests = number('ChannelErrorRateMinRequests', 20);
/** Seconds a channel taken out for its error rate rests before it is probed again. */
export const channelRecoverySeconds = number('ChannelRecoverySeconds', 300);
/** A channel test slower than this many seconds disables the channel; 0 = off. */
export const channelDisableThreshold = number('ChannelDisableThreshold', 5);
/** Most API keys one user may hold. */
export const maxUserTokens = number('MaxUserTokens', 1000);
/** Groups any user may choose for a key, with their descriptions (`{group: description}`). */
export const userUsableGroups = json(
  'UserUsableGroups',
  z.record(z.string().min(1).max(64), z.string()),
  { default: 'Default group', vip: 'VIP group' },
);

// Model request rate limit per user (new-api's ModelRequestRateLimit*), enforced by the relay
// through `checkModelRequestRateLimit` in domain/limits.

/** Whether the model request rate limit below applies to relay requests. */
export const modelRequestRateLimitEnabled = flag('ModelRequestRateLimitEnabled', false);
/** Length of the rate-limit window in minutes. */
export const modelRequestRateLimitDurationMinutes = number(
  'ModelRequestRateLimitDurationMinutes',
  1,
);
/** Requests per user per window, failed ones included; 0 = no limit on the total. */
export const modelRequestRateLimitCount = number('ModelRequestRateLimitCount', 0);
/** Successful requests per user per window. */
export const modelRequestRateLimitSuccessCount = number('ModelRequestRateLimitSuccessCount', 1000);
/** Per-group overrides `{"vip": [total, success]}` of the two counts above. */
export const modelRequestRateLimitGroup = json(
  'ModelRequestRateLimitGroup',
  z.record(
    z.string().min(1).max(64),
    z.tuple([z.number().int().min(0).max(100_000_000), z.number().int().min(1).max(100_000_000)]),
  ),
  {},
);
