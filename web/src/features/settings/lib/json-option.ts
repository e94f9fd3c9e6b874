/** The shape a JSON setting must have. */
export type JsonShape = 'ratioMap' | 'faq' | 'chats' | 'fallbackMap' | 'stickyRules' | 'priceTiers';

/** Why `text` is not a valid value of `shape` (a `settings` key), or null when it is. */
export function jsonOptionError(text: string, shape: JsonShape): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'json.invalid';
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  switch (shape) {
    case 'ratioMap':
      if (!isObject(value)) return 'json.ratioMap';
      return Object.values(value).every(
        (n) => typeof n === 'number' && Number.isFinite(n) && n >= 0,
      )
        ? null
        : 'json.ratioMap';
    case 'fallbackMap':
      if (!isObject(value)) return 'json.fallbackMap';
      return Object.entries(value).every(
        ([model, list]) =>
          Array.isArray(list) &&
          list.length <= 5 &&
          list.every((m) => typeof m === 'string' && m.trim() !== '' && m !== model),
      )
        ? null
        : 'json.fallbackMap';
    case 'stickyRules':
      if (!Array.isArray(value) || value.length > 20) return 'json.stickyRules';
      return value.every(
        (rule) =>
          isObject(rule) &&
          typeof rule.name === 'string' &&
          rule.name.trim() !== '' &&
          // Exactly one of a header and a body field identifies the conversation.
          (typeof rule.header === 'string' && rule.header.trim() !== '') !==
            (typeof rule.body === 'string' && rule.body.trim() !== ''),
      )
        ? null
        : 'json.stickyRules';
    case 'priceTiers': {
      if (!isObject(value)) return 'json.priceTiers';
      const price = (v: unknown) => v === undefined || (typeof v === 'number' && v >= 0);
      const tierOk = (tier: unknown) =>
        isObject(tier) &&
        (typeof tier.field === 'string'
          ? tier.field.trim() !== '' &&
            (typeof tier.equals === 'string' || typeof tier.equals === 'number') &&
            typeof tier.model_price === 'number' &&
            tier.model_price >= 0
          : Number.isInteger(tier.min_prompt_tokens) &&
            (tier.min_prompt_tokens as number) >= 1 &&
            price(tier.model_ratio) &&
            price(tier.completion_ratio) &&
            price(tier.cache_ratio));
      return Object.values(value).every((tiers) => Array.isArray(tiers) && tiers.every(tierOk))
        ? null
        : 'json.priceTiers';
    }
    case 'faq':
      if (!Array.isArray(value)) return 'json.faq';
      return value.every(
        (i) =>
          isObject(i) &&
          typeof i.question === 'string' &&
          i.question.trim() !== '' &&
          typeof i.answer === 'string',
      )
        ? null
        : 'json.faq';
    case 'chats':
      if (!Array.isArray(value)) return 'json.chats';
      return value.every((i) => isObject(i) && Object.values(i).every((v) => typeof v === 'string'))
        ? null
        : 'json.chats';
  }
}

/** `text` pretty-printed with two spaces, or unchanged when it is not JSON. */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** `text` as compact JSON for storage, or unchanged when it is not JSON. */
export function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
