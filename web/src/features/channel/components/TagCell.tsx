import {
  CheckCircleOutlined,
  DownOutlined,
  EditOutlined,
  StopOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** What can be done to every channel of a tag at once. */
export type TagAction = 'edit' | 'enable' | 'disable';

/** A channel's tag; for root, a menu to edit, enable or disable every channel with it. */
export function TagCell({
  tag,
  canWrite,
  testId,
  onAction,
}: {
  tag: string;
  canWrite: boolean;
  testId?: string;
  onAction: (action: TagAction) => void;
}) {
  const { t } = useTranslation('channel');
  if (!canWrite) {
    return (
      <Tag color="purple" style={{ width: 'fit-content' }}>
        {tag}
      </Tag>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'edit', icon: <EditOutlined />, label: t('tagMenu.edit') },
          { key: 'enable', icon: <CheckCircleOutlined />, label: t('tagMenu.enable') },
          { key: 'disable', icon: <StopOutlined />, label: t('tagMenu.disable') },
        ],
        onClick: ({ key }) => onAction(key as TagAction),
      }}
    >
      <Button
        size="small"
        color="purple"
        variant="filled"
        icon={<TagOutlined />}
        aria-label={t('tagMenu.label', { tag })}
        style={{ width: 'fit-content' }}
        data-testid={testId}
      >
        {tag}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
