import type { PaymentGateway, savePaymentGatewayRequest } from '@gateway/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  deleteGateway,
  findGateway,
  insertGateway,
  listGateways,
  updateGateway,
  type GatewayRow,
} from '../../db/queries/payments.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import type { CurrencyUnits, PaymentProvider } from './providers/provider.js';
import { paymentProviders } from './providers/registry.js';

type SaveGateway = z.output<typeof savePaymentGatewayRequest>;

/** The provider of a kind, or `payment_provider_unknown`. */
export function providerOf(kind: string): PaymentProvider {
  const provider = paymentProviders[kind];
  if (!provider) throw new AppError('payment_provider_unknown', { provider: kind });
  return provider;
}

/** How a provider counts a currency; `payment_currency_unsupported` when it cannot take it. */
export function currencyUnitsOf(kind: string, currency: string): CurrencyUnits {
  const units = providerOf(kind).units(currency);
  if (!units) throw new AppError('payment_currency_unsupported', { currency, provider: kind });
  return units;
}

/** A gateway's stored credentials, parsed by its provider. */
export function configOf(row: GatewayRow): Record<string, unknown> {
  const parsed = providerOf(row.provider).config.safeParse(JSON.parse(row.config || '{}'));
  if (!parsed.success) throw new AppError('payment_config_invalid', { detail: row.name });
  return parsed.data;
}

/** A gateway as root sees it: secret credential fields empty. */
export function toPaymentGateway(row: GatewayRow): PaymentGateway {
  const provider = paymentProviders[row.provider];
  const config = JSON.parse(row.config || '{}') as Record<string, unknown>;
  for (const secret of provider?.secrets ?? []) if (secret in config) config[secret] = '';
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    payment_type: row.payment_type,
    icon: row.icon,
    callback_domain: row.callback_domain,
    fixed_fee: Number(row.fixed_fee),
    percent_fee: Number(row.percent_fee),
    currency_rate: Number(row.currency_rate),
    currency: row.currency,
    enabled: row.enabled === 1,
    sort: row.sort,
    config,
    created_at: Number(row.created_at),
  };
}

export async function listPaymentGateways(ctx: AppContext): Promise<PaymentGateway[]> {
  return (await listGateways(ctx.db)).map(toPaymentGateway);
}

/**
 * Creates or updates a gateway. Credentials are validated by the provider; a secret sent
 * empty keeps the stored one, so the console never needs to hold it.
 */
export async function savePaymentGateway(
  ctx: AppContext,
  input: SaveGateway,
): Promise<PaymentGateway> {
  const provider = providerOf(input.provider);
  currencyUnitsOf(input.provider, input.currency);
  const stored = input.id ? await findGateway(ctx.db, input.id) : undefined;
  if (input.id && !stored) throw new AppError('payment_gateway_not_found');
  const previous = stored ? (JSON.parse(stored.config || '{}') as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...input.config };
  for (const secret of provider.secrets) {
    if (!merged[secret] && stored?.provider === input.provider) merged[secret] = previous[secret];
  }
  const config = provider.config.safeParse(merged);
  if (!config.success) {
    const issue = config.error.issues[0];
    throw new AppError('payment_config_invalid', {
      detail: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    });
  }
  const values = {
    name: input.name,
    provider: input.provider,
    payment_type: input.payment_type,
    icon: input.icon,
    callback_domain: input.callback_domain.replace(/\/+$/, ''),
    fixed_fee: input.fixed_fee,
    percent_fee: input.percent_fee,
    currency_rate: input.currency_rate,
    currency: input.currency,
    enabled: input.enabled ? 1 : 0,
    sort: input.sort,
    config: JSON.stringify(config.data),
  };
  let id = input.id;
  if (id) await updateGateway(ctx.db, id, values);
  else id = await insertGateway(ctx.db, { ...values, created_at: nowSeconds() });
  const row = await findGateway(ctx.db, id);
  if (!row) throw new AppError('payment_gateway_not_found');
  return toPaymentGateway(row);
}

export async function removePaymentGateway(ctx: AppContext, id: number): Promise<void> {
  if ((await deleteGateway(ctx.db, id)) === 0) throw new AppError('payment_gateway_not_found');
}
