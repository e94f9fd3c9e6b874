import { LogType } from '@gateway/shared';
import type { Reservation } from '../../src/billing/reservation.js';
import type { Settlement } from '../../src/billing/settle-plan.js';

/** The settlement of a delivered answer that cost `quota`, with its consume log. */
export const settlementOf = (reservation: Reservation, quota: number): Settlement => ({
  kind: 'settle',
  reservation,
  quota,
  channelId: 0,
  log: {
    user_id: reservation.userId,
    created_at: 1,
    type: LogType.consume,
    content: '',
    quota: 0,
    request_id: reservation.id,
    other: '{}',
  },
  usage: { username: 'u', modelName: 'm', tokens: 1, createdAt: 1 },
});
