/** One activity of a guide written as JSON. */
export interface GuideItem {
  title: string;
  content: string;
}

/**
 * A guide written as a JSON list (`[{title, content}]`, `description` also accepted), or null
 * when the text is Markdown, HTML or a URL.
 */
export function parseGuideItems(text: string): GuideItem[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    if (!Array.isArray(value)) return null;
    return value.flatMap((entry) => {
      if (!entry || typeof entry !== 'object') return [];
      const e = entry as Record<string, unknown>;
      const title =
        typeof e.title === 'string' ? e.title : typeof e.name === 'string' ? e.name : '';
      const body = [e.content, e.description, e.answer].find((v) => typeof v === 'string');
      return title || body ? [{ title, content: (body as string | undefined) ?? '' }] : [];
    });
  } catch {
    return null;
  }
}

/** Top-up discounts from the status text `{"amount": discount}`, largest amount last. */
export function parseDiscounts(
  text: string | undefined,
): Array<{ amount: number; discount: number }> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value as Record<string, unknown>)
      .map(([amount, discount]) => ({ amount: Number(amount), discount: Number(discount) }))
      .filter((d) => Number.isFinite(d.amount) && Number.isFinite(d.discount) && d.discount > 0)
      .sort((a, b) => a.amount - b.amount);
  } catch {
    return [];
  }
}
