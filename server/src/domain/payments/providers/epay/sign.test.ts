import { describe, expect, it } from 'vitest';
import { epaySign, epayVerify } from './sign.js';

describe('EPay MD5 signature', () => {
  it("matches go-epay's vectors", () => {
    expect(epaySign({ device: 'devicev', money: 'moneyv' }, '1234567')).toBe(
      '3854cc9f022e0fb821bd2e002260245d',
    );
    const request = {
      device: 'pc',
      money: '73.00',
      name: 'TUC10',
      notify_url: 'https://gw.example/api/user/epay/notify',
      out_trade_no: 'USR1NOab12cd1700000000',
      pid: '1001',
      return_url: 'https://gw.example/console/log',
      type: 'alipay',
      sign_type: 'MD5',
    };
    expect(epaySign(request, 'testkey')).toBe('8e39cfa8acd50cfa709c38e0fda31ee6');
    const notify = {
      money: '73.00',
      name: 'TUC10',
      out_trade_no: 'USR1NOab12cd1700000000',
      pid: '1001',
      trade_no: '2024010112000012345',
      trade_status: 'TRADE_SUCCESS',
      type: 'alipay',
      param: '',
    };
    expect(epaySign(notify, 'testkey')).toBe('5b45f580651db34542b8228bfa125dbe');
  });

  it('verifies either hex case and refuses a changed field or an empty key', () => {
    const params = { money: '1.00', out_trade_no: 'T1', pid: '1' };
    const sign = epaySign(params, 'k');
    expect(epayVerify({ ...params, sign }, 'k')).toBe(true);
    expect(epayVerify({ ...params, sign: sign.toUpperCase() }, 'k')).toBe(true);
    expect(epayVerify({ ...params, money: '100.00', sign }, 'k')).toBe(false);
    expect(epayVerify({ ...params, sign }, '')).toBe(false);
    expect(epayVerify({ ...params, sign: 'x' }, 'k')).toBe(false);
  });
});
