import { describe, expect, it } from 'vitest';
import { add, decimal, mul, roundHalfUp, scaledExactly, shift, toNumber } from './decimal.js';

describe('decimal', () => {
  it('reads the shortest spelling of a number exactly', () => {
    expect(decimal(0.075)).toEqual({ units: 75n, scale: 3 });
    expect(decimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(decimal(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(decimal(-2.5)).toEqual({ units: -25n, scale: 1 });
  });

  it('adds and multiplies without float drift', () => {
    expect(toNumber(add(decimal(0.1), decimal(0.2)))).toBe(0.3);
    expect(roundHalfUp(mul(decimal(0.145), decimal(100)))).toBe(15);
    expect(roundHalfUp(mul(decimal(1.005), decimal(1000)))).toBe(1005);
  });

  it('rounds halves away from zero, once', () => {
    expect(roundHalfUp(decimal(2.5))).toBe(3);
    expect(roundHalfUp(decimal(2.4999))).toBe(2);
    expect(roundHalfUp(decimal(-2.5))).toBe(-3);
    expect(roundHalfUp(decimal(7))).toBe(7);
  });

  it('scales by powers of ten and refuses what does not fit the places', () => {
    expect(shift(decimal(19.99), 2)).toEqual({ units: 1999n, scale: 0 });
    expect(shift(decimal(7), 3)).toEqual({ units: 7000n, scale: 0 });
    expect(scaledExactly(19.99, 2)).toBe(1999);
    expect(scaledExactly(1.1, 2)).toBe(110);
    expect(scaledExactly(1.001, 2)).toBeUndefined();
    expect(scaledExactly(1e-7, 2)).toBeUndefined();
    expect(scaledExactly(Number.NaN, 2)).toBeUndefined();
    expect(scaledExactly(1e300, 2)).toBeUndefined();
  });
});
