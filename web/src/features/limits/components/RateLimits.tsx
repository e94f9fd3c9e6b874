import type { StatusData, UserLimits } from '@gateway/shared';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The model request rate limit of the user's group and the drawing rate limits. */
export function RateLimits({
  limits,
  status,
}: {
  limits: UserLimits;
  status: Partial<StatusData>;
}) {
  const { t } = useTranslation('limits');
  const rule = limits.model_request_limit;
  const per = (n: number) => (n > 0 ? t('rate.perMinute', { count: n }) : t('unlimited'));
  const items = [
    {
      key: 'enabled',
      label: t('rate.modelLimit'),
      children: rule.enabled ? (
        <Tag color="orange">{t('rate.on')}</Tag>
      ) : (
        <Tag>{t('rate.off')}</Tag>
      ),
    },
  ];
  if (rule.enabled) {
    items.push(
      {
        key: 'count',
        label: t('rate.total'),
        children: (
          <>
            {rule.count > 0
              ? t('rate.window', { count: rule.count, minutes: rule.duration_minutes })
              : t('unlimited')}
          </>
        ),
      },
      {
        key: 'success',
        label: t('rate.success'),
        children: (
          <>{t('rate.window', { count: rule.success_count, minutes: rule.duration_minutes })}</>
        ),
      },
    );
  }
  if (status.enable_drawing) {
    items.push(
      {
        key: 'relax',
        label: t('rate.mjRelax'),
        children: <>{per(status.mj_relax_rate_limits ?? 0)}</>,
      },
      {
        key: 'fast',
        label: t('rate.mjFast'),
        children: <>{per(status.mj_fast_rate_limits ?? 0)}</>,
      },
      {
        key: 'turbo',
        label: t('rate.mjTurbo'),
        children: <>{per(status.mj_turbo_rate_limits ?? 0)}</>,
      },
    );
  }
  return (
    <Card title={t('rate.title')} size="small" style={{ height: '100%' }}>
      <Descriptions column={1} size="small" items={items} />
    </Card>
  );
}
