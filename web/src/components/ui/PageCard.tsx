import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/** The standard frame of a console page: a title line (with optional actions) over a card. */
export function PageCard({
  title,
  description,
  extra,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Card variant="borderless" style={{ boxShadow: token.boxShadowTertiary }}>
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {description && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {description}
            </Typography.Text>
          )}
        </div>
        {extra}
      </Flex>
      {children && <div style={{ marginTop: token.marginLG }}>{children}</div>}
    </Card>
  );
}
