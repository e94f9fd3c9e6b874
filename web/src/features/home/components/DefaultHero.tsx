import { ApiOutlined, DollarOutlined, SafetyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStatus } from '../../status/hooks/useStatus';
import { useStoredUser } from '../../../lib/session';

const features = [
  { key: 'formats', icon: <ApiOutlined /> },
  { key: 'routing', icon: <ThunderboltOutlined /> },
  { key: 'billing', icon: <DollarOutlined /> },
  { key: 'control', icon: <SafetyOutlined /> },
];

/** The home page when the administrator has not written one. */
export function DefaultHero() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { systemName, logo, status } = useStatus();
  const user = useStoredUser();
  const address = status?.server_address || window.location.origin;
  return (
    <div style={{ padding: '56px 16px 24px', maxWidth: 1080, margin: '0 auto' }}>
      <Flex vertical align="center" gap={16} style={{ textAlign: 'center' }}>
        <img src={logo} alt="" width={72} height={72} style={{ borderRadius: 16 }} />
        <Typography.Title style={{ margin: 0 }}>{t('hero.title', { name: systemName })}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeLG, maxWidth: 640 }}>
          {t('hero.subtitle')}
        </Typography.Paragraph>
        <Typography.Text code copyable>
          {`${address}/v1`}
        </Typography.Text>
        <Flex gap={12} wrap justify="center">
          <Link to={user ? '/panel' : '/register'}>
            <Button type="primary" size="large">
              {user ? t('hero.console') : t('hero.start')}
            </Button>
          </Link>
          <Link to="/pricing">
            <Button size="large">{t('hero.pricing')}</Button>
          </Link>
        </Flex>
      </Flex>
      <Row gutter={[16, 16]} style={{ marginTop: 48 }}>
        {features.map((f) => (
          <Col key={f.key} xs={24} sm={12} lg={6}>
            <Card variant="borderless" style={{ height: '100%', boxShadow: token.boxShadowTertiary }}>
              <Flex vertical gap={8}>
                <span style={{ fontSize: 24, color: token.colorPrimary }}>{f.icon}</span>
                <Typography.Text strong>{t(`features.${f.key}.title`)}</Typography.Text>
                <Typography.Text type="secondary">{t(`features.${f.key}.text`)}</Typography.Text>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
