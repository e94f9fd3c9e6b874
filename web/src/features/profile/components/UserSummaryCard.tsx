import type { SelfUser } from '@gateway/shared';
import { Avatar, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RoleTag } from '../../../components/common/RoleTag';
import { renderQuota } from '../../../lib/quota';
import { useSiteInfo } from '../../../site/hooks/use-status';

/** The user card: id, username, balance, used quota and request count. */
export function UserSummaryCard({ user, loading }: { user?: SelfUser; loading: boolean }) {
  const { t } = useTranslation('profile');
  const { quota } = useSiteInfo();
  if (loading || !user)
    return (
      <Card>
        <Skeleton active avatar />
      </Card>
    );
  return (
    <Card data-testid="user-card">
      <Flex gap={16} align="center" wrap style={{ marginBottom: 20 }}>
        <Avatar size={56} icon={<UserOutlined />} />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user.display_name || user.username} <RoleTag role={user.role} />
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('card.idLine', { id: user.id, username: user.username, group: user.group })}
          </Typography.Text>
        </div>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Statistic title={t('card.balance')} value={renderQuota(user.quota, quota)} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('card.used')} value={renderQuota(user.used_quota, quota)} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title={t('card.requests')} value={user.request_count} />
        </Col>
      </Row>
    </Card>
  );
}
