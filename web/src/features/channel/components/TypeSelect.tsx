import { Select, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServedChannelType } from '@gateway/shared';
import { typeOptions } from '../lib/type-options';

/**
 * The channel type picker: the types the relay serves, searchable by name or id. A stored
 * channel's type that is no longer served stays shown, marked, but cannot be picked.
 */
export function TypeSelect({
  value,
  onChange,
  served,
  loading,
}: {
  value?: number;
  onChange?: (type: number) => void;
  served: readonly ServedChannelType[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('channel');
  const options = typeOptions(served, value);
  const notServed = new Set(options.filter((o) => !o.served).map((o) => o.value));
  const marked = (label: ReactNode, testId?: string) => (
    <Space size={4}>
      {label}
      <Tag color="warning" data-testid={testId}>
        {t('form.typeNotServedTag')}
      </Tag>
    </Space>
  );
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value}
      onChange={onChange}
      options={options.map(({ value: type, label }) => ({
        value: type,
        label,
        disabled: notServed.has(type),
      }))}
      optionRender={(option) =>
        notServed.has(Number(option.value)) ? marked(option.label) : option.label
      }
      labelRender={({ label, value: type }) =>
        notServed.has(Number(type)) ? marked(label, 'channel-type-not-served') : label
      }
      data-testid="channel-type"
    />
  );
}
