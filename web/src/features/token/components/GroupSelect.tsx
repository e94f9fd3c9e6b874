import { Flex, Select, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { groupColor } from '../../../lib/group-colors';
import type { UsableGroupMap } from '@gateway/shared';

/** A group picker showing each group's colour, ratio and description; empty = own group. */
export function GroupSelect({
  groups,
  value,
  onChange,
  allowOwn = true,
  style,
}: {
  groups: UsableGroupMap | undefined;
  value?: string;
  onChange?: (value: string) => void;
  allowOwn?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('token');
  const options = Object.entries(groups ?? {}).map(([name, info]) => ({
    value: name,
    label: (
      <Flex align="center" gap={6}>
        <Tag color={groupColor(name)} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
        <Typography.Text type="secondary" ellipsis>
          ×{info.ratio}
          {info.desc && info.desc !== name ? ` · ${info.desc}` : ''}
        </Typography.Text>
      </Flex>
    ),
  }));
  if (allowOwn) options.unshift({ value: '', label: <span>{t('userGroup')}</span> });
  return (
    <Select
      value={value ?? ''}
      onChange={onChange}
      options={options}
      style={style ?? { width: '100%' }}
    />
  );
}
