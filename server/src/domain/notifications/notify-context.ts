import type { BaseContext } from '../../base-context.js';
import type { Mailer } from '../email/mailer.js';

/**
 * What notifications work with: the foundations, the mailer and the outbox's kick. Narrower
 * than AppContext (which holds the outbox and the balance watch themselves).
 */
export type NotifyContext = Pick<BaseContext, 'db' | 'settings' | 'log' | 'shared'> & {
  mail: Mailer;
  notifications: { kick(): void };
};
