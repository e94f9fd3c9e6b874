import type { Locale } from 'antd/es/locale';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import jaJP from 'antd/locale/ja_JP';
import koKR from 'antd/locale/ko_KR';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import { matchLanguage, type Language } from '../../i18n/languages';

const antdLocales: Record<Language, Locale> = {
  en: enUS,
  zh: zhCN,
  ru: ruRU,
  ko: koKR,
  ja: jaJP,
  es: esES,
  de: deDE,
};

const dayjsLocales: Record<Language, string> = {
  en: 'en',
  zh: 'zh-cn',
  ru: 'ru',
  ko: 'ko',
  ja: 'ja',
  es: 'es',
  de: 'de',
};

/** antd's locale pack for a console language. */
export function antdLocaleOf(language: string): Locale {
  return antdLocales[matchLanguage(language) ?? 'en'];
}

/** Switches dayjs (dates in tables and pickers) to the console language. */
export function applyDayjsLocale(language: string): void {
  dayjs.locale(dayjsLocales[matchLanguage(language) ?? 'en']);
}
