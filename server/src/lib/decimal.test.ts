import { describe, expect, it } from 'vitest';
import { add, decimal, mul, roundHalfUp, toNumber } from './decimal.js';

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
});
