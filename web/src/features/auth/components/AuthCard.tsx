import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSiteInfo } from '../../../site/hooks/use-status';

/** The centred card of the sign-in, sign-up, reset and first-run pages. */
export function AuthCard({
  title,
  children,
  width = 420,
}: {
  title: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  const { logo } = useSiteInfo();
  return (
    <Flex justify="center" style={{ padding: '32px 0' }}>
      <Card
        style={{ width: '100%', maxWidth: width }}
        styles={{ body: { padding: '28px 28px 20px' } }}
      >
        <Flex vertical align="center" gap={8} style={{ marginBottom: 20 }}>
          <img src={logo} alt="" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: 0, textAlign: 'center' }}>
            {title}
          </Typography.Title>
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
