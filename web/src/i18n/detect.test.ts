import { describe, expect, it } from 'vitest';
import { detectLanguage, toLanguage } from './detect';

describe('detectLanguage', () => {
  it('prefers the stored locale', () => {
    expect(detectLanguage('ja', ['de-DE'])).toBe('ja');
  });

  it('falls back to the first supported browser language', () => {
    expect(detectLanguage(null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage('xx', ['ko-KR'])).toBe('ko');
  });

  it('ends at en', () => {
    expect(detectLanguage(null, ['fr-FR', 'it'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('reads region and underscore tags', () => {
    expect(toLanguage('es_MX')).toBe('es');
    expect(toLanguage('RU')).toBe('ru');
    expect(toLanguage('')).toBeNull();
  });
});
