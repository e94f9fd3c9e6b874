import type { UserLimits } from '@gateway/shared';
import { Card, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** How many keys the user holds against the cap, and the keys that carry a rate limit. */
export function KeyLimits({ keys }: { keys: UserLimits['keys'] }) {
  const { t } = useTranslation('limits');
  const percent = keys.max > 0 ? Math.min(100, Math.round((keys.total / keys.max) * 100)) : 0;
  return (
    <Card title={t('keys.title')} size="small" extra={<Link to="/token">{t('keys.manage')}</Link>}>
      <Typography.Text>{t('keys.count', { total: keys.total, max: keys.max })}</Typography.Text>
      <Progress percent={percent} showInfo={false} size="small" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('keys.rateLimited', { count: keys.rate_limited })}
      </Typography.Paragraph>
      {keys.items.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={keys.items}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'name', title: t('keys.name'), dataIndex: 'name' },
            {
              key: 'limit',
              title: t('keys.limit'),
              render: (_, k) => t('keys.limitValue', { count: k.count, seconds: k.window_seconds }),
            },
          ]}
        />
      )}
    </Card>
  );
}
