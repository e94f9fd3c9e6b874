import type { UserLimits } from '@gateway/shared';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupColor } from '../../../lib/group-colors';

/** The user's group, its ratio, the discount and what they multiply to. */
export function AccountLimits({ limits }: { limits: UserLimits }) {
  const { t } = useTranslation('limits');
  const effective = Math.round(limits.group_ratio * limits.discount * 10000) / 10000;
  return (
    <Card title={t('account.title')} size="small" style={{ height: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'group',
            label: t('account.group'),
            children: <Tag color={groupColor(limits.group)}>{limits.group}</Tag>,
          },
          { key: 'ratio', label: t('account.groupRatio'), children: `×${limits.group_ratio}` },
          {
            key: 'discount',
            label: t('account.discount'),
            children: limits.discount === 1 ? t('account.noDiscount') : `×${limits.discount}`,
          },
          {
            key: 'effective',
            label: t('account.effective'),
            children: <strong data-testid="limits-effective">×{effective}</strong>,
          },
        ]}
      />
    </Card>
  );
}
