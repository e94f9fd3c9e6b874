import type { ModelsByChannelType } from '@gateway/shared';
import { Select } from 'antd';
import { channelTypeName, channelTypes } from '../lib/channel-types';

/** The channel type picker: the types the server offers (its model catalogue's keys). */
export function TypeSelect({
  value,
  onChange,
  catalogue,
  loading,
}: {
  value?: number;
  onChange?: (type: number) => void;
  catalogue: ModelsByChannelType | undefined;
  loading: boolean;
}) {
  const offered = catalogue
    ? Object.keys(catalogue).map(Number)
    : Object.keys(channelTypes).map(Number);
  const types = [...new Set(value === undefined ? offered : [...offered, value])];
  return (
    <Select
      showSearch
      loading={loading}
      value={value}
      onChange={onChange}
      optionFilterProp="label"
      options={types
        .map((type) => ({ value: type, label: `${channelTypeName(type)} (${type})` }))
        .sort((a, b) => a.label.localeCompare(b.label))}
      data-testid="channel-type"
    />
  );
}
