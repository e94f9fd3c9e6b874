import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's title row: title, optional description, optional actions on the right. */
export function PageHeader({
  title,
  description,
  extra,
}: {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {description && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {description}
          </Typography.Paragraph>
        )}
      </div>
      {extra}
    </Flex>
  );
}
