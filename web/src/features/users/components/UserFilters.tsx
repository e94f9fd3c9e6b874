import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Search box, refresh and (for admins) the create button. */
export function UserFilters({
  onSearch,
  onRefresh,
  onCreate,
}: {
  onSearch: (keyword: string) => void;
  onRefresh: () => void;
  onCreate?: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('search.placeholder')}
        onSearch={(value) => onSearch(value.trim())}
        style={{ width: 320, maxWidth: '100%' }}
        enterButton
        data-testid="user-search"
      />
      <Button icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('search.refresh')}
      </Button>
      {onCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('create.button')}
        </Button>
      )}
    </Space>
  );
}
