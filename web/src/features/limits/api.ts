import type { UserLimits } from '@gateway/shared';
import { api } from '../../lib/api';

/** `GET /api/user/self/limits`: group, ratios, discount, rate limits and key limits. */
export const fetchSelfLimits = () => api.get<UserLimits>('/api/user/self/limits', { silent: true });
