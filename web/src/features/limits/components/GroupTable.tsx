import type { UsableGroupMap } from '@gateway/shared';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupColor } from '../../../lib/group-colors';

/** The groups the user may route keys through, with ratio and description. */
export function GroupTable({ groups, own }: { groups: UsableGroupMap; own: string }) {
  const { t } = useTranslation('limits');
  const rows = Object.entries(groups).map(([name, info]) => ({ name, ...info }));
  return (
    <Card title={t('groups.title')} size="small">
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('groups.name'),
            render: (_, g) => (
              <>
                <Tag color={groupColor(g.name)}>{g.name}</Tag>
                {g.name === own && <Tag color="processing">{t('groups.own')}</Tag>}
              </>
            ),
          },
          { key: 'ratio', title: t('groups.ratio'), render: (_, g) => `×${g.ratio}` },
          { key: 'desc', title: t('groups.desc'), dataIndex: 'desc' },
        ]}
      />
    </Card>
  );
}
