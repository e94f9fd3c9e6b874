import { Role, hasRole, type ChannelItem } from '@gateway/shared';
import { App, Card, Flex } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useIsMobile } from '../../lib/use-media';
import { useUser } from '../../lib/user-store';
import { useSiteInfo } from '../../site/hooks/use-status';
import { testChannel } from './api';
import {
  ChannelFilters,
  emptyChannelFilters,
  type ChannelFilterValues,
} from './components/ChannelFilters';
import { ChannelTable } from './components/ChannelTable';
import { ChannelToolbar } from './components/ChannelToolbar';
import { EditTagDialog } from './components/EditTagDialog';
import { TagDialog } from './components/TagDialog';
import type { TagAction } from './components/TagCell';
import { TestAllDialog } from './components/TestAllDialog';
import { useChannelActions } from './hooks/use-channel-actions';
import { useChannels } from './hooks/use-channels';
import { useGroupNames } from './hooks/use-group-names';
import { useServedTypes } from './hooks/use-served-types';
import { useCapacity } from '../../lib/use-capacity';
import { useTestAll } from './hooks/use-test-all';

type BusyKind = 'test' | 'balance' | 'status';

/** /channel: upstream channels with health, balance, routing weights and bulk operations. */
export function ChannelPage() {
  const { t } = useTranslation('channel');
  const { message } = App.useApp();
  const user = useUser();
  const canWrite = hasRole(user?.role ?? 0, Role.root);
  const { quota } = useSiteInfo();
  const mobile = useIsMobile();
  const [filters, setFilters] = useState<ChannelFilterValues>(emptyChannelFilters);
  const servedTypes = useServedTypes();
  const served = useMemo(
    () => (servedTypes.data ? new Set(servedTypes.data.map((s) => s.type)) : undefined),
    [servedTypes.data],
  );
  /** Bumped to show filters changed here (a renamed tag) in the filter fields. */
  const [filtersKey, setFiltersKey] = useState(0);
  const [paging, setPaging] = useState({ p: 1, page_size: 20 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [tagOpen, setTagOpen] = useState(false);
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [testAllOpen, setTestAllOpen] = useState(false);
  const [busy, setBusy] = useState<Record<BusyKind, Set<number>>>({
    test: new Set(),
    balance: new Set(),
    status: new Set(),
  });
  const list = useChannels({ ...paging, ...filters });
  const capacity = useCapacity(
    'channel',
    (list.data?.items ?? []).filter((c) => c.max_concurrency > 0 || c.max_rpm > 0).map((c) => c.id),
  );
  const groups = useGroupNames();
  const actions = useChannelActions();
  const testAll = useTestAll();

  const track = async <T,>(kind: BusyKind, id: number, work: () => Promise<T>) => {
    setBusy((b) => ({ ...b, [kind]: new Set(b[kind]).add(id) }));
    try {
      return await work();
    } finally {
      setBusy((b) => {
        const next = new Set(b[kind]);
        next.delete(id);
        return { ...b, [kind]: next };
      });
    }
  };

  const test = (c: ChannelItem, model?: string) =>
    void track('test', c.id, async () => {
      const outcome = await testChannel(c.id, model);
      if (outcome.success)
        void message.success(t('testPassed', { name: c.name, time: outcome.time.toFixed(2) }));
      else void message.error(t('testFailed', { name: c.name, message: outcome.message }));
      void list.refetch();
    });

  const setTagEnabled = (tag: string, enabled: boolean) =>
    void actions.tagEnabled
      .mutateAsync({ tag, enabled })
      .then((count) => void message.success(t('tagChanged', { count })));

  const tagAction = (tag: string, action: TagAction) =>
    action === 'edit' ? setEditingTag(tag) : setTagEnabled(tag, action === 'enable');

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Card styles={{ body: { padding: mobile ? 12 : undefined } }}>
        <Flex vertical gap={12}>
          <ChannelFilters
            key={filtersKey}
            initial={filters}
            typeCounts={list.data?.type_counts ?? {}}
            groups={groups.data ?? []}
            onSearch={(next) => {
              setFilters(next);
              setPaging((p) => ({ ...p, p: 1 }));
            }}
          />
          <ChannelToolbar
            canWrite={canWrite}
            selectedCount={selected.length}
            tagFilter={filters.tag.trim()}
            busy={{ balances: actions.balances.isPending, testAll: testAll.progress.running }}
            onTestAll={() => {
              setTestAllOpen(true);
              void testAll.start();
            }}
            onBalances={() =>
              void actions.balances
                .mutateAsync()
                .then((count) => void message.success(t('balancesUpdated', { count })))
            }
            onTag={() => setTagOpen(true)}
            onEditTag={() => setEditingTag(filters.tag.trim())}
            onTagEnabled={(enabled) => setTagEnabled(filters.tag.trim(), enabled)}
            onDeleteSelected={() =>
              void actions.removeMany.mutateAsync(selected.map(Number)).then((count) => {
                setSelected([]);
                void message.success(t('deleted', { count }));
              })
            }
            onDeleteDisabled={() =>
              void actions.removeDisabled
                .mutateAsync()
                .then((count) => void message.success(t('deleted', { count })))
            }
            onRefresh={() => void list.refetch()}
          />
          <ChannelTable
            items={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            page={paging.p}
            pageSize={paging.page_size}
            loading={list.isFetching}
            selected={selected}
            onSelect={setSelected}
            onPage={(p, page_size) => setPaging({ p, page_size })}
            display={quota}
            canWrite={canWrite}
            mobile={mobile}
            served={served}
            capacity={capacity.data}
            busy={busy}
            onToggle={(c, enabled) =>
              void track('status', c.id, () =>
                actions.update.mutateAsync({ id: c.id, status: enabled ? 1 : 2 }),
              )
            }
            onField={(c, field, value) => actions.update.mutateAsync({ id: c.id, [field]: value })}
            onTest={test}
            onBalance={(c) =>
              void track('balance', c.id, () => actions.balance.mutateAsync(c.id)).then((b) =>
                b === undefined
                  ? undefined
                  : void message.success(
                      t('balanceValue', { name: c.name, balance: b.toFixed(2) }),
                    ),
              )
            }
            onCopy={(c) =>
              void actions.copy
                .mutateAsync(c.id)
                .then(({ id }) => void message.success(t('copied', { id })))
            }
            onDelete={(c) => void actions.remove.mutateAsync(c.id)}
            onTagAction={tagAction}
          />
        </Flex>
      </Card>
      <TagDialog
        open={tagOpen}
        count={selected.length}
        saving={actions.tag.isPending}
        onCancel={() => setTagOpen(false)}
        onSubmit={(tag) =>
          void actions.tag.mutateAsync({ ids: selected.map(Number), tag }).then((count) => {
            setTagOpen(false);
            void message.success(t('tagged', { count, tag }));
          })
        }
      />
      <EditTagDialog
        tag={editingTag}
        groups={groups.data ?? []}
        saving={actions.editTag.isPending}
        onCancel={() => setEditingTag(null)}
        onSubmit={(body) =>
          void actions.editTag.mutateAsync(body).then((count) => {
            setEditingTag(null);
            // A list filtered by the renamed tag follows it to its new name.
            if (body.new_tag && filters.tag.trim() === body.tag) {
              setFilters({ ...filters, tag: body.new_tag });
              setFiltersKey((k) => k + 1);
            }
            void message.success(t('editTag.saved', { tag: body.tag, count }));
          })
        }
      />
      <TestAllDialog
        open={testAllOpen}
        progress={testAll.progress}
        onStop={testAll.stop}
        onClose={() => {
          setTestAllOpen(false);
          testAll.reset();
        }}
      />
    </>
  );
}

export default ChannelPage;
