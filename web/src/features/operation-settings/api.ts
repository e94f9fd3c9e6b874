import { api } from '../../lib/api';

/** Writes every model price setting back to the built-in defaults (root). */
export const resetModelPrices = () => api.post<null>('/api/option/rest_model_ratio');

/** Deletes every log created before a time; answers how many. */
export const deleteLogsBefore = (seconds: number) =>
  api.delete<number>('/api/log/', undefined, { query: { target_timestamp: seconds } });
