import type { Language } from '@gateway/shared';
import type { Locale } from 'antd/es/locale';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import jaJP from 'antd/locale/ja_JP';
import koKR from 'antd/locale/ko_KR';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';

/** antd's own texts (pagination, pickers, modals) per interface language. */
export const antdLocales: Record<Language, Locale> = {
  en: enUS,
  zh: zhCN,
  ru: ruRU,
  ko: koKR,
  ja: jaJP,
  es: esES,
  de: deDE,
};

/** dayjs locale names per interface language. */
export const dayjsLocales: Record<Language, string> = {
  en: 'en',
  zh: 'zh-cn',
  ru: 'ru',
  ko: 'ko',
  ja: 'ja',
  es: 'es',
  de: 'de',
};
