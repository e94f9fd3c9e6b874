import { describe, expect, it } from 'vitest';
import { detectLanguage, matchLanguage } from './languages';

describe('language detection', () => {
  it('prefers the stored locale', () => {
    expect(detectLanguage('ja', ['de-DE'])).toBe('ja');
  });
  it('falls back to the first supported browser language', () => {
    expect(detectLanguage(null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage('xx', ['ko-KR'])).toBe('ko');
  });
  it('ends with English', () => {
    expect(detectLanguage(null, ['fr', 'it'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
  it('matches tags by their base language', () => {
    expect(matchLanguage('es_419')).toBe('es');
    expect(matchLanguage('')).toBeNull();
  });
});
