import type { SelfUser } from '@gateway/shared';
import { Avatar, Card, Col, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { renderQuota, shortenNumber, type QuotaDisplay } from '../../../lib/quota';
import { groupColor } from '../../../lib/group-colors';

/** The user card: id, username, balance, used quota and request count. */
export function UserCard({ user, display }: { user: SelfUser | undefined; display: QuotaDisplay }) {
  const { t } = useTranslation('panel');
  if (!user) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  const figures = [
    { key: 'balance', value: renderQuota(user.quota, display) },
    { key: 'used', value: renderQuota(user.used_quota, display) },
    { key: 'requests', value: shortenNumber(user.request_count) },
  ];
  return (
    <Card data-testid="panel-user-card">
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Avatar size={48} icon={<UserOutlined />} />
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {user.display_name || user.username}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('userLine', { id: user.id, username: user.username })}
          </Typography.Text>
        </div>
        {user.group && <Tag color={groupColor(user.group)}>{user.group}</Tag>}
      </Flex>
      <Row gutter={[12, 12]}>
        {figures.map((f) => (
          <Col key={f.key} xs={8}>
            <Statistic
              title={t(`user.${f.key}`)}
              value={f.value}
              styles={{ content: { fontSize: 20 } }}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
