import type { LogItem } from '@gateway/shared';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';

const kinds = [
  'prompt_tokens',
  'completion_tokens',
  'cache_tokens',
  'cache_write_tokens',
  'image_tokens',
  'audio_tokens',
  'text_tokens',
  'reasoning_tokens',
] as const;

/** Tokens of a request by kind; zero kinds other than prompt and completion are left out. */
export function TokenBreakdown({ log }: { log: LogItem }) {
  const { t } = useTranslation('log');
  const items = kinds
    .filter((k) => k === 'prompt_tokens' || k === 'completion_tokens' || log[k] > 0)
    .map((k) => ({ key: k, label: t(`tokens.${k}`), children: log[k].toLocaleString() }));
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered items={items} />;
}
