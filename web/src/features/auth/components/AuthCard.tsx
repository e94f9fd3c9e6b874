import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useStatus } from '../../status/hooks/useStatus';

/** The centred card of the sign-in, sign-up, reset and first-run pages. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const { logo, systemName } = useStatus();
  return (
    <Flex
      justify="center"
      align="flex-start"
      style={{ padding: '48px 12px', minHeight: 'calc(100vh - 180px)' }}
    >
      <Card
        variant="borderless"
        style={{ width: '100%', maxWidth: 420, boxShadow: token.boxShadowSecondary }}
      >
        <Flex vertical align="center" gap={8} style={{ marginBottom: token.marginLG }}>
          <img src={logo} alt={systemName} width={48} height={48} style={{ borderRadius: 10 }} />
          <Typography.Title level={3} style={{ margin: 0, textAlign: 'center' }}>
            {title}
          </Typography.Title>
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
