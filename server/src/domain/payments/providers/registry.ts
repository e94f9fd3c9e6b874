import { epayProvider } from './epay/epay.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe/stripe.js';

/** Every payment provider by kind; a new provider is one folder and one entry here. */
export const paymentProviders: Record<string, PaymentProvider> = {
  epay: epayProvider as unknown as PaymentProvider,
  stripe: stripeProvider as unknown as PaymentProvider,
};
