/** The message posted to the embedded chat page so it can switch to the console's language. */
export interface ChatLanguageMessage {
  type: 'chat-language';
  /** Console language code (en, zh, ru, ko, ja, es, de). */
  language: string;
  /** The same as a BCP 47 tag, for chat pages that expect one (zh-CN, en-US …). */
  locale: string;
}

const locales: Record<string, string> = {
  en: 'en-US',
  zh: 'zh-CN',
  ru: 'ru-RU',
  ko: 'ko-KR',
  ja: 'ja-JP',
  es: 'es-ES',
  de: 'de-DE',
};

/** The chat-language message for a console language. */
export function chatLanguageMessage(language: string): ChatLanguageMessage {
  const base = language.split('-')[0];
  return { type: 'chat-language', language: base, locale: locales[base] ?? language };
}

/** The origin messages may go to: the link's own, or none for an unusable link. */
export function frameOrigin(link: string): string | null {
  try {
    return new URL(link, window.location.href).origin;
  } catch {
    return null;
  }
}
