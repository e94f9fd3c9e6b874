import type { PricingItem, PricingResponse } from '@gateway/shared';
import { requestEnvelope } from '../../lib/api';

/** `GET /api/pricing`: the models with their prices, and the groups the caller may use. */
export async function fetchPricing(): Promise<PricingResponse> {
  const envelope = await requestEnvelope<PricingItem[]>('GET', '/api/pricing');
  // The group maps sit beside `data` at the top level of this answer (contract 5.5).
  const answer = envelope as typeof envelope & Partial<PricingResponse>;
  return {
    ...answer,
    data: answer.data ?? [],
    group_ratio: answer.group_ratio ?? {},
    usable_group: answer.usable_group ?? {},
    vendors: answer.vendors ?? [],
    supported_endpoint: answer.supported_endpoint ?? {},
    auto_groups: answer.auto_groups ?? [],
    pricing_version: answer.pricing_version ?? '',
  };
}
