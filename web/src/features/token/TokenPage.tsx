import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CreateTokenRequest, TokenItem } from '@gateway/shared';
import { Alert, App, Button, Card, Flex, Popconfirm } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useIsMobile } from '../../lib/use-media';
import { PageHeader } from '../../components/common/PageHeader';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { TokenEditDialog } from './components/TokenEditDialog';
import { TokenFilters, type TokenFilterValues } from './components/TokenFilters';
import { TokenTable } from './components/TokenTable';
import { useTokenActions } from './hooks/use-token-actions';
import { useTokens } from './hooks/use-tokens';
import { useCapacity } from '../../lib/use-capacity';

/** /token: the user's API keys. */
export function TokenPage() {
  const { t } = useTranslation('token');
  const { message } = App.useApp();
  const status = useStatus();
  const { quota } = useSiteInfo();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<TokenFilterValues>({ keyword: '', token: '' });
  const [paging, setPaging] = useState({ p: 1, page_size: 10 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<TokenItem | undefined>();
  const [dialogOpen, setDialogOpen] = useState(params.get('create') === '1');
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = useTokens({ ...paging, ...filters });
  const capacity = useCapacity(
    'token',
    (list.data?.items ?? []).filter((k) => k.max_parallel > 0 || k.tpm_limit > 0).map((k) => k.id),
  );
  const actions = useTokenActions();

  const openCreate = () => {
    setEditing(undefined);
    setDialogOpen(true);
  };
  const closeDialog = () => {
    setDialogOpen(false);
    if (params.has('create')) setParams({}, { replace: true });
  };
  const submit = async (body: CreateTokenRequest) => {
    if (editing) {
      await actions.update.mutateAsync({ ...body, id: editing.id });
      void message.success(t('saved'));
    } else {
      const created = await actions.create.mutateAsync(body);
      void message.success(t('created', { count: created.length }));
    }
    closeDialog();
  };
  const toggle = async (item: TokenItem, enabled: boolean) => {
    setBusyId(item.id);
    try {
      await actions.setStatus.mutateAsync({ id: item.id, status: enabled ? 1 : 2 });
    } finally {
      setBusyId(null);
    }
  };
  const removeSelected = async () => {
    const count = await actions.removeMany.mutateAsync(selected.map(Number));
    void message.success(t('deleted', { count }));
    setSelected([]);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={openCreate}
            data-testid="token-create"
          >
            {t('actions.create')}
          </Button>
        }
      />
      <Card styles={{ body: { padding: mobile ? 12 : undefined } }}>
        <Flex vertical gap={12}>
          <Alert type="info" showIcon title={t('applyNote')} />
          <Flex justify="space-between" wrap gap={8}>
            <TokenFilters
              onSearch={(next) => {
                setFilters(next);
                setPaging((p) => ({ ...p, p: 1 }));
              }}
            />
            <Flex gap={8}>
              <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
                {t('ui.refresh')}
              </Button>
              <Popconfirm
                title={t('confirmBatchDelete', { count: selected.length })}
                onConfirm={() => void removeSelected()}
                disabled={selected.length === 0}
              >
                <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                  {t('actions.batchDelete', { count: selected.length })}
                </Button>
              </Popconfirm>
            </Flex>
          </Flex>
          <TokenTable
            items={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            page={paging.p}
            pageSize={paging.page_size}
            loading={list.isFetching}
            selected={selected}
            onSelect={setSelected}
            onPage={(p, page_size) => setPaging({ p, page_size })}
            display={quota}
            chats={status.chats ?? []}
            address={status.server_address || window.location.origin}
            busyId={busyId}
            capacity={capacity.data}
            onToggle={(item, enabled) => void toggle(item, enabled)}
            onEdit={(item) => {
              setEditing(item);
              setDialogOpen(true);
            }}
            onDelete={(item) => void actions.remove.mutateAsync(item.id)}
          />
        </Flex>
      </Card>
      <TokenEditDialog
        open={dialogOpen}
        item={editing}
        display={quota}
        saving={actions.create.isPending || actions.update.isPending}
        onCancel={closeDialog}
        onSubmit={(body) => void submit(body).catch(() => undefined)}
      />
    </>
  );
}

export default TokenPage;
