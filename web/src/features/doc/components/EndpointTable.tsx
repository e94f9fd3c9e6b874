import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../lib/snippets';

/** The relay endpoints the gateway serves, with a link to the OpenAPI document. */
export function EndpointTable() {
  const { t } = useTranslation('doc');
  return (
    <Card
      title={t('endpoints.title')}
      extra={
        <Typography.Link href="/api/openapi.json" target="_blank" rel="noreferrer">
          {t('endpoints.openapi')}
        </Typography.Link>
      }
    >
      <Table
        size="small"
        rowKey="path"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...endpoints]}
        columns={[
          {
            key: 'method',
            title: t('endpoints.method'),
            render: (_, e) => <Tag color={e.method === 'GET' ? 'green' : 'blue'}>{e.method}</Tag>,
          },
          {
            key: 'path',
            title: t('endpoints.path'),
            render: (_, e) => <Typography.Text code>{e.path}</Typography.Text>,
          },
          { key: 'format', title: t('endpoints.format'), dataIndex: 'format' },
        ]}
      />
    </Card>
  );
}
