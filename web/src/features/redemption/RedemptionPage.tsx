import { ClearOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { RedemptionItem } from '@gateway/shared';
import { Button, Card, Flex, Input, Popconfirm, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { PagedTable } from '../../components/common/PagedTable';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { renderQuota } from '../../lib/quota';
import { useSiteInfo } from '../../site/hooks/use-status';
import { NewCodesDialog, type NewBatch } from './components/NewCodesDialog';
import { RedemptionDialog, type RedemptionValues } from './components/RedemptionDialog';
import { redemptionColumns } from './components/redemption-columns';
import { useRedemptionActions, useRedemptions } from './hooks/use-redemptions';
import { redemptionState, stateFilter, type RedemptionState } from './lib/redemption-view';

const states = Object.keys(stateFilter) as RedemptionState[];

/** `/redemption` (root): generate codes in batches, find, edit, disable and delete them. */
export function RedemptionPage() {
  const { t } = useTranslation(['redemption', 'layout']);
  const { quota: display } = useSiteInfo();
  const [query, setQuery] = useState({ keyword: '', status: undefined as number | undefined });
  const [draft, setDraft] = useState('');
  const [paging, setPaging] = useState({ p: 1, page_size: 10 });
  const [editing, setEditing] = useState<RedemptionItem | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [batch, setBatch] = useState<NewBatch | null>(null);
  const list = useRedemptions({ ...query, ...paging });
  const actions = useRedemptionActions();
  // Expiry is judged at the moment the page of codes was read.
  const now = Math.floor(list.dataUpdatedAt / 1000);

  const close = () => {
    setDialogOpen(false);
    setEditing(undefined);
  };

  const save = async (values: RedemptionValues) => {
    if (editing) {
      const { name, quota, expired_time } = values;
      await actions.update.mutateAsync({ id: editing.id, name, quota, expired_time });
      notify.success(t('saved'));
      close();
      return;
    }
    const keys = await actions.generate.mutateAsync(values);
    close();
    setBatch({
      keys,
      name: values.name,
      amount: renderQuota(values.quota, display),
      expiry: values.expired_time ? formatTime(values.expired_time) : t('never'),
    });
  };

  const columns = redemptionColumns(t, display, now, (item) => {
    const state = redemptionState(item, now);
    return (
      <Space size={4} wrap>
        <Switch
          size="small"
          aria-label={t('toggle')}
          checked={item.status === 1}
          disabled={state === 'used'}
          loading={actions.setStatus.isPending && actions.setStatus.variables?.id === item.id}
          onChange={(on) => actions.setStatus.mutate({ id: item.id, status: on ? 1 : 2 })}
        />
        <Button
          size="small"
          disabled={state === 'used'}
          onClick={() => {
            setEditing(item);
            setDialogOpen(true);
          }}
        >
          {t('edit')}
        </Button>
        <Popconfirm
          title={t('confirmDelete', { name: item.name })}
          onConfirm={() => actions.remove.mutateAsync(item.id)}
        >
          <Button size="small" danger>
            {t('delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
  });

  return (
    <>
      <PageHeader title={t('layout:nav.redemption')} description={t('description')} />
      <Card>
        <Flex vertical gap={16}>
          <Flex wrap gap={8} justify="space-between">
            <Flex wrap gap={8}>
              <Input
                allowClear
                placeholder={t('filters.keyword')}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onPressEnter={() => setQuery((q) => ({ ...q, keyword: draft.trim() }))}
                style={{ width: 220, maxWidth: '100%' }}
              />
              <Select
                allowClear
                placeholder={t('filters.state')}
                value={query.status}
                onChange={(status?: number) => {
                  setQuery((q) => ({ ...q, status }));
                  setPaging((p) => ({ ...p, p: 1 }));
                }}
                style={{ width: 150 }}
                options={states.map((s) => ({ value: stateFilter[s], label: t(`state.${s}`) }))}
              />
              <Button
                icon={<SearchOutlined />}
                onClick={() => {
                  setQuery((q) => ({ ...q, keyword: draft.trim() }));
                  setPaging((p) => ({ ...p, p: 1 }));
                }}
              >
                {t('search')}
              </Button>
            </Flex>
            <Flex wrap gap={8}>
              <Popconfirm
                title={t('confirmDeleteInvalid')}
                onConfirm={async () => {
                  const removed = await actions.removeInvalid.mutateAsync();
                  notify.success(t('deletedInvalid', { count: removed }));
                }}
              >
                <Button icon={<ClearOutlined />}>{t('deleteInvalid')}</Button>
              </Popconfirm>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => {
                  setEditing(undefined);
                  setDialogOpen(true);
                }}
              >
                {t('generate')}
              </Button>
            </Flex>
          </Flex>
          <PagedTable<RedemptionItem>
            columns={columns}
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            paging={{
              page: paging.p,
              pageSize: paging.page_size,
              total: list.data?.total ?? 0,
            }}
            onPage={(p, page_size) => setPaging({ p, page_size })}
            totalLabel={(count) => t('total', { count })}
          />
        </Flex>
      </Card>
      <RedemptionDialog
        open={dialogOpen}
        item={editing}
        display={display}
        saving={actions.generate.isPending || actions.update.isPending}
        onCancel={close}
        onSubmit={(values) => void save(values).catch(() => undefined)}
      />
      <NewCodesDialog batch={batch} onClose={() => setBatch(null)} />
    </>
  );
}

export default RedemptionPage;
