import {
  DeleteOutlined,
  DollarOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  TagOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The list's actions: add, test all, balances, tags, deletions, refresh. */
export function ChannelToolbar({
  canWrite,
  selectedCount,
  tagFilter,
  busy,
  onTestAll,
  onBalances,
  onTag,
  onEditTag,
  onTagEnabled,
  onDeleteSelected,
  onDeleteDisabled,
  onRefresh,
}: {
  canWrite: boolean;
  selectedCount: number;
  /** The tag the list is filtered by, for enabling or disabling all its channels. */
  tagFilter: string;
  busy: { balances: boolean; testAll: boolean };
  onTestAll: () => void;
  onBalances: () => void;
  onTag: () => void;
  /** Opens the editor of the filtered tag's common fields. */
  onEditTag: () => void;
  onTagEnabled: (enabled: boolean) => void;
  onDeleteSelected: () => void;
  onDeleteDisabled: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('channel');
  return (
    <Flex wrap gap={8}>
      {canWrite && (
        <Link to="/channel/add">
          <Button type="primary" icon={<PlusOutlined />} data-testid="channel-add">
            {t('actions.add')}
          </Button>
        </Link>
      )}
      <Button
        icon={<ThunderboltOutlined />}
        loading={busy.testAll}
        onClick={onTestAll}
        data-testid="channel-test-all"
      >
        {t('actions.testAll')}
      </Button>
      <Button icon={<DollarOutlined />} loading={busy.balances} onClick={onBalances}>
        {t('actions.refreshBalances')}
      </Button>
      {canWrite && (
        <>
          <Button
            icon={<TagOutlined />}
            disabled={selectedCount === 0}
            onClick={onTag}
            data-testid="channel-set-tag"
          >
            {t('actions.setTag', { count: selectedCount })}
          </Button>
          {tagFilter && (
            <>
              <Button icon={<EditOutlined />} onClick={onEditTag} data-testid="channel-edit-tag">
                {t('actions.editTag', { tag: tagFilter })}
              </Button>
              <Button onClick={() => onTagEnabled(true)}>
                {t('actions.enableTag', { tag: tagFilter })}
              </Button>
              <Button onClick={() => onTagEnabled(false)}>
                {t('actions.disableTag', { tag: tagFilter })}
              </Button>
            </>
          )}
          <Popconfirm
            title={t('confirmBatchDelete', { count: selectedCount })}
            disabled={selectedCount === 0}
            onConfirm={onDeleteSelected}
          >
            <Button danger icon={<DeleteOutlined />} disabled={selectedCount === 0}>
              {t('actions.deleteSelected', { count: selectedCount })}
            </Button>
          </Popconfirm>
          <Popconfirm title={t('confirmDeleteDisabled')} onConfirm={onDeleteDisabled}>
            <Button danger>{t('actions.deleteDisabled')}</Button>
          </Popconfirm>
        </>
      )}
      <Button icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('ui.refresh')}
      </Button>
    </Flex>
  );
}
