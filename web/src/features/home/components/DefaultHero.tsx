import { ApiOutlined, SafetyCertificateOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Space, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../../lib/user-store';
import { useSiteInfo, useStatus } from '../../../site/hooks/use-status';

const features = [
  { key: 'formats', icon: <ApiOutlined /> },
  { key: 'billing', icon: <ThunderboltOutlined /> },
  { key: 'control', icon: <SafetyCertificateOutlined /> },
] as const;

/** The home page when the administrator has not written one. */
export function DefaultHero() {
  const { t } = useTranslation('pages');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const user = useUser();
  const status = useStatus();
  const { systemName, logo } = useSiteInfo();
  const address = status.server_address || window.location.origin;
  return (
    <div
      style={{ maxWidth: 1080, margin: '0 auto', padding: '48px 0 24px' }}
      data-testid="default-hero"
    >
      <Flex vertical align="center" gap={16} style={{ textAlign: 'center' }}>
        <img
          src={logo}
          alt=""
          width={72}
          height={72}
          style={{ borderRadius: token.borderRadiusLG }}
        />
        <Typography.Title style={{ margin: 0 }}>
          {t('home.title', { name: systemName })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 640, margin: 0 }}>
          {t('home.subtitle')}
        </Typography.Paragraph>
        <Typography.Text code copyable>{`${address}/v1`}</Typography.Text>
        <Space wrap style={{ justifyContent: 'center' }}>
          <Button type="primary" size="large" onClick={() => navigate(user ? '/panel' : '/login')}>
            {user ? t('home.openConsole') : t('home.getStarted')}
          </Button>
          <Button size="large" onClick={() => navigate('/pricing')}>
            {t('home.pricing')}
          </Button>
        </Space>
      </Flex>
      <Row gutter={[16, 16]} style={{ marginTop: 48 }}>
        {features.map((f) => (
          <Col xs={24} md={8} key={f.key}>
            <Card style={{ height: '100%' }}>
              <Space align="start" size={12}>
                <span style={{ fontSize: 24, color: token.colorPrimary }}>{f.icon}</span>
                <div>
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    {t(`home.features.${f.key}.title`)}
                  </Typography.Title>
                  <Typography.Text type="secondary">
                    {t(`home.features.${f.key}.text`)}
                  </Typography.Text>
                </div>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
