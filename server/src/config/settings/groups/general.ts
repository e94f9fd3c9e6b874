import { flag, number, text } from '../define.js';

/** Site identity and display. */
export const systemName = text('SystemName', 'API');
export const logo = text('Logo', '/logo.png');
export const serverAddress = text('ServerAddress', '');
export const footer = text('Footer', '');
export const quotaPerUnit = number('QuotaPerUnit', 500000, { min: 1, int: false });
export const displayInCurrency = flag('DisplayInCurrencyEnabled', true);
