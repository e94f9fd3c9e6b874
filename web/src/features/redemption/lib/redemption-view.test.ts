import type { RedemptionItem } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { codesCsv, redemptionState } from './redemption-view';

const code = (fields: Partial<RedemptionItem>): RedemptionItem => ({
  id: 1,
  key: 'k',
  name: 'n',
  status: 1,
  quota: 1,
  created_time: 0,
  redeemed_time: 0,
  expired_time: 0,
  user_id: 1,
  used_user_id: 0,
  ...fields,
});

describe('redemption codes in the console', () => {
  it('shows used and disabled as stored, and an unused code past its expiry as expired', () => {
    expect(redemptionState(code({ status: 3, expired_time: 5 }), 10)).toBe('used');
    expect(redemptionState(code({ status: 2 }), 10)).toBe('disabled');
    expect(redemptionState(code({ expired_time: 5 }), 10)).toBe('expired');
    expect(redemptionState(code({ expired_time: 50 }), 10)).toBe('unused');
    expect(redemptionState(code({ expired_time: 0 }), 10)).toBe('unused');
  });

  it('exports new codes as CSV, quoting what needs it', () => {
    const csv = codesCsv(['a1', 'b2'], { name: 'spring, "vip"', amount: '500', expiry: 'never' }, [
      'Code',
      'Name',
      'Quota',
      'Expires',
    ]);
    expect(csv).toBe(
      'Code,Name,Quota,Expires\r\na1,"spring, ""vip""",500,never\r\nb2,"spring, ""vip""",500,never\r\n',
    );
  });
});
