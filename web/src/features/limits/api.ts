import { api } from '../../lib/api';

/**
 * `GET /api/user/self/limits`: the caller's effective limits. The route is young, so every
 * field is read defensively and unknown ones are shown as they come.
 */
export interface SelfLimits {
  /** The user's own group. */
  group?: string;
  /** Ratio of that group (with per-user-group overrides). */
  group_ratio?: number;
  /** The user's discount multiplier on every price (1 = none). */
  discount?: number;
  /** Requests per minute allowed, 0 = unlimited. */
  rate_limit?: number;
  /** Concurrent requests allowed, 0 = unlimited. */
  concurrency?: number;
  /** Per-model request limits. */
  model_limits?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The caller's effective limits. */
export const fetchSelfLimits = () => api.get<SelfLimits>('/api/user/self/limits', { silent: true });
