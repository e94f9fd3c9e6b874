import type { TFunction } from 'i18next';

/**
 * Reads a `{model: number}` map typed as JSON; throws the "level data parse" message
 * (translated) when it is not one.
 */
export function parseModelMap(text: string, t: TFunction<'levels'>): Record<string, number> {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || '{}');
  } catch {
    throw new Error(t('rules.parse'));
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(t('rules.parse'));
  for (const [model, n] of Object.entries(value)) {
    if (!model.trim() || typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
      throw new Error(t('rules.parse'));
    }
  }
  return value as Record<string, number>;
}
