import { describe, expect, it } from 'vitest';
import { parseDiscounts, parseGuideItems } from './guide-content';

describe('guide content', () => {
  it('reads a JSON list and leaves Markdown alone', () => {
    expect(parseGuideItems('[{"title":"Check in","description":"Daily"}]')).toEqual([
      { title: 'Check in', content: 'Daily' },
    ]);
    expect(parseGuideItems('# Title')).toBeNull();
    expect(parseGuideItems('[broken')).toBeNull();
  });

  it('reads top-up discounts', () => {
    expect(parseDiscounts('{"500":0.9,"100":0.95}')).toEqual([
      { amount: 100, discount: 0.95 },
      { amount: 500, discount: 0.9 },
    ]);
    expect(parseDiscounts('')).toEqual([]);
  });
});
