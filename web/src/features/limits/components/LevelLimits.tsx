import type { UserLimits } from '@gateway/shared';
import { Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BudgetCell } from '../../../components/common/BudgetCell';
import { levelColor } from '../../../lib/group-colors';
import { useSiteInfo } from '../../../site/hooks/use-status';

type ModelLimit = UserLimits['level']['models'][number];

/** The user's level: its benefits, its limits and what is used of them right now. */
export function LevelLimits({ limits }: { limits: UserLimits }) {
  const { t } = useTranslation('limits');
  const { quota: display } = useSiteInfo();
  const { level } = limits;
  const used = (count: number, limit: number) =>
    limit > 0 ? t('level.used', { count, limit }) : t('unlimited');
  const benefits = level.benefits.split('\n').filter((line) => line.trim());
  return (
    <Card title={t('level.title')} size="small" data-testid="level-limits">
      <Flex vertical gap={12}>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'name',
              label: t('level.name'),
              children: (
                <Tag color={levelColor(level.priority)} data-testid="level-name">
                  {level.name}
                </Tag>
              ),
            },
            ...(level.description
              ? [{ key: 'description', label: t('level.description'), children: level.description }]
              : []),
            {
              key: 'rate',
              label: t('level.rate'),
              children: used(level.rate_used, level.rate_limit),
            },
            {
              key: 'own',
              label: t('level.ownConcurrency'),
              children: used(limits.own.in_flight, limits.own.concurrency_limit),
            },
            ...(limits.own.tpm_limit > 0
              ? [
                  {
                    key: 'tpm',
                    label: t('level.ownTokens'),
                    children: used(limits.own.tpm_used, limits.own.tpm_limit),
                  },
                ]
              : []),
            ...(limits.own.budget_period
              ? [
                  {
                    key: 'budget',
                    label: t('level.ownBudget'),
                    children: (
                      <BudgetCell
                        period={limits.own.budget_period}
                        quota={limits.own.budget_quota}
                        used={limits.own.budget_used}
                        display={display}
                        testId="own-budget"
                      />
                    ),
                  },
                ]
              : []),
            ...(limits.own.extra_discount !== 1
              ? [
                  {
                    key: 'extra',
                    label: t('level.ownDiscount'),
                    children: `×${limits.own.extra_discount}`,
                  },
                ]
              : []),
            ...(benefits.length
              ? [
                  {
                    key: 'benefits',
                    label: t('level.benefits'),
                    children: (
                      <Flex vertical>
                        {benefits.map((b) => (
                          <Typography.Text key={b}>· {b}</Typography.Text>
                        ))}
                      </Flex>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {level.models.length > 0 && (
          <Table<ModelLimit>
            rowKey="model"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={level.models}
            columns={[
              { title: t('level.model'), dataIndex: 'model' },
              {
                title: t('level.perMinute'),
                key: 'rpm',
                render: (_, m) => used(m.request_used, m.request_limit),
              },
              {
                title: t('level.atOnce'),
                key: 'parallel',
                render: (_, m) => used(m.in_flight, m.concurrency_limit),
              },
              {
                title: t('level.price'),
                dataIndex: 'price',
                render: (p: number | null) => (p === null ? '—' : `×${p}`),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
