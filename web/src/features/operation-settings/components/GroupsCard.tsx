import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupColor } from '../../../lib/group-colors';
import { useOperationSave } from '../hooks/use-operation-save';
import { readGroups, writeGroups, type GroupRow } from '../lib/groups';

/**
 * Group management: name (unique), ratio and description in one table, and whether users
 * may pick the group for their keys. Saves the `GroupRatio` and `UserUsableGroups` settings
 * together.
 */
export function GroupsCard({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('operation');
  const { save, saving } = useOperationSave();
  const groups = readGroups(options.GroupRatio, options.UserUsableGroups);
  const [editing, setEditing] = useState<GroupRow | 'new' | null>(null);
  const [form] = Form.useForm<GroupRow>();
  const store = (next: GroupRow[]) => {
    const { ratio, usable } = writeGroups(next);
    return save([
      ['GroupRatio', ratio],
      ['UserUsableGroups', usable],
    ]);
  };
  const open = (row: GroupRow | 'new') => {
    form.setFieldsValue(
      row === 'new' ? { name: '', ratio: 1, description: '', offered: true } : row,
    );
    setEditing(row);
  };
  const submit = async (values: GroupRow) => {
    const name = values.name.trim();
    const previous = editing !== 'new' && editing ? editing.name : null;
    const next = groups.filter((g) => g.name !== previous);
    next.push({ ...values, name, description: values.description.trim() });
    await store(next);
    setEditing(null);
  };
  return (
    <Card
      title={t('groups.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => open('new')} data-testid="group-add">
          {t('groups.add')}
        </Button>
      }
      data-testid="groups-card"
    >
      <Table<GroupRow>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={groups}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('groups.name'),
            dataIndex: 'name',
            render: (n: string) => <Tag color={groupColor(n)}>{n}</Tag>,
          },
          { title: t('groups.ratio'), dataIndex: 'ratio', render: (r: number) => `×${r}` },
          { title: t('groups.description'), dataIndex: 'description' },
          {
            title: t('groups.offered'),
            dataIndex: 'offered',
            render: (o: boolean) => (o ? t('groups.yes') : t('groups.no')),
          },
          {
            title: t('groups.actions'),
            key: 'actions',
            render: (_, g) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => open(g)}
                  data-testid={`group-edit-${g.name}`}
                >
                  {t('groups.edit')}
                </Button>
                {g.name !== 'default' && (
                  <Popconfirm
                    title={t('groups.confirmDelete', { name: g.name })}
                    onConfirm={() => store(groups.filter((x) => x.name !== g.name))}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('groups.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={
          editing === 'new' ? t('groups.addTitle') : t('groups.editTitle', { name: editing?.name })
        }
        okText={t('groups.save')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          data-testid="group-form"
        >
          <Form.Item
            name="name"
            label={t('groups.name')}
            rules={[
              { required: true, whitespace: true, message: t('groups.nameRequired') },
              { max: 64 },
              { pattern: /^\S+$/, message: t('groups.nameSpaces') },
              {
                validator: async (_, value: string) => {
                  const previous = editing !== 'new' && editing ? editing.name : null;
                  if (
                    value &&
                    value.trim() !== previous &&
                    groups.some((g) => g.name === value.trim())
                  ) {
                    throw new Error(t('groups.nameTaken'));
                  }
                },
              },
            ]}
          >
            <Input disabled={editing !== 'new' && editing?.name === 'default'} maxLength={64} />
          </Form.Item>
          <Form.Item name="ratio" label={t('groups.ratio')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} step={0.1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="description" label={t('groups.description')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="offered"
            label={t('groups.offered')}
            valuePropName="checked"
            extra={t('groups.offeredHint')}
          >
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
