import type { OptionItem } from '@gateway/shared';
import { api, requestEnvelope } from '../../lib/api';

/** `GET /api/option/`: every setting except secrets. */
export const fetchOptions = () => api.get<OptionItem[]>('/api/option/');

/** `PUT /api/option/`: one setting; resolves to the server's warning message, if any. */
export async function updateOption(key: string, value: string): Promise<string> {
  const envelope = await requestEnvelope<null>('PUT', '/api/option/', { body: { key, value } });
  return envelope.message;
}
