import { Role, hasRole, type LogItem } from '@gateway/shared';
import { App, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useIsMobile } from '../../lib/use-media';
import { useUser } from '../../lib/user-store';
import { useSiteInfo } from '../../site/hooks/use-status';
import { downloadLogCsv } from './api';
import { LogDetailDrawer } from './components/LogDetailDrawer';
import { defaultLogDraft, LogFilters, toLogFilter } from './components/LogFilters';
import { LogStats } from './components/LogStats';
import { LogTable } from './components/LogTable';
import { useLogStat } from './hooks/use-log-stat';
import { useLogs } from './hooks/use-logs';

/** /log: usage logs with totals, the billing detail drawer and the CSV export. */
export function LogPage() {
  const { t } = useTranslation('log');
  const { message } = App.useApp();
  const user = useUser();
  const admin = hasRole(user?.role ?? 0, Role.admin);
  const { quota } = useSiteInfo();
  const mobile = useIsMobile();
  const [filter, setFilter] = useState(() => toLogFilter(defaultLogDraft(), admin));
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [detail, setDetail] = useState<LogItem | null>(null);
  const [exporting, setExporting] = useState(false);
  const logs = useLogs(admin, filter, paging.page, paging.pageSize);
  const stat = useLogStat(admin, filter);

  return (
    <>
      <PageHeader title={admin ? t('titleAdmin') : t('title')} description={t('description')} />
      <Card styles={{ body: { padding: mobile ? 12 : undefined } }}>
        <Flex vertical gap={12}>
          <LogFilters
            admin={admin}
            exporting={exporting}
            exportEnabled
            onSearch={(draft) => {
              const next = toLogFilter(draft, admin);
              setPaging((p) => ({ ...p, page: 1 }));
              if (JSON.stringify(next) !== JSON.stringify(filter)) return setFilter(next);
              void logs.refetch();
              void stat.refetch();
            }}
            onExport={(draft) => {
              setExporting(true);
              downloadLogCsv(admin, toLogFilter(draft, admin))
                .then(() => void message.success(t('exported')))
                .catch((error: Error) => void message.error(error.message))
                .finally(() => setExporting(false));
            }}
          />
          <LogStats stat={stat.data} loading={stat.isLoading} display={quota} />
          <LogTable
            items={logs.data?.items ?? []}
            total={logs.data?.total ?? 0}
            page={paging.page}
            pageSize={paging.pageSize}
            loading={logs.isFetching}
            onPage={(page, pageSize) => setPaging({ page, pageSize })}
            admin={admin}
            mobile={mobile}
            display={quota}
            onDetail={setDetail}
          />
        </Flex>
      </Card>
      <LogDetailDrawer log={detail} admin={admin} display={quota} onClose={() => setDetail(null)} />
    </>
  );
}

export default LogPage;
