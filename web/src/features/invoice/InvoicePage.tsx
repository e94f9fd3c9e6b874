import {
  AuditOutlined,
  DownloadOutlined,
  FilePdfOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  hasRole,
  invoiceStatuses,
  invoiceTypes,
  Role,
  type InvoiceItem,
  type InvoiceListParams,
} from '@gateway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  InputNumber,
  Segmented,
  Select,
  Space,
  Statistic,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { RefusedButton, useStaffRefusal } from '../../components/common/StaffAction';
import { PagedTable } from '../../components/common/PagedTable';
import { saveBlob, saveCsv } from '../../lib/download';
import { formatMoney } from '../../lib/format';
import { useUser } from '../../lib/user-store';
import { fetchInvoicePdf, fetchInvoices, fetchInvoiceSummary } from './api';
import { ApplyInvoiceModal } from './components/ApplyInvoiceModal';
import { invoiceColumns } from './components/invoice-columns';
import { ReviewInvoiceModal } from './components/ReviewInvoiceModal';
import { invoicesCsv } from './lib/invoices-csv';

type Scope = 'own' | 'all';

/** Most invoices one export gathers (100 pages of 100). */
const exportPages = 100;

/**
 * `/invoice` (pro-max): a user applies for invoices over paid top-ups and downloads the issued
 * PDF; finance staff and above review every application and export the list.
 */
export function InvoicePage() {
  const { t, i18n } = useTranslation(['invoice', 'layout']);
  const me = useUser();
  const refusalOf = useStaffRefusal();
  const staff = me ? hasRole(me.role, Role.finance) : false;
  const [scope, setScope] = useState<Scope>('own');
  const [filter, setFilter] = useState<{
    status?: InvoiceItem['status'];
    type?: InvoiceItem['type'];
    user_id?: number;
  }>({});
  const [paging, setPaging] = useState({ p: 1, page_size: 10 });
  const [applying, setApplying] = useState(false);
  const [reviewing, setReviewing] = useState<InvoiceItem | null>(null);
  const all = staff && scope === 'all';
  const query: InvoiceListParams = { ...filter, ...(all ? {} : { user_id: undefined }), ...paging };

  const summary = useQuery({ queryKey: ['invoice-summary'], queryFn: fetchInvoiceSummary });
  const list = useQuery({
    queryKey: ['invoices', all, query],
    queryFn: () => fetchInvoices(all, query),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['invoices'] });
    void client.invalidateQueries({ queryKey: ['invoice-summary'] });
  };
  const download = useMutation({
    mutationFn: async (invoice: InvoiceItem) =>
      saveBlob(`invoice-${invoice.id}.pdf`, await fetchInvoicePdf(invoice.id)),
  });

  const exportCsv = async () => {
    const invoices: InvoiceItem[] = [];
    for (let p = 1; p <= exportPages; p++) {
      const page = await fetchInvoices(all, { ...query, p, page_size: 100 });
      invoices.push(...page.items);
      if (invoices.length >= page.total || page.items.length === 0) break;
    }
    const header = [
      'id',
      'userId',
      'user',
      'type',
      'amount',
      'title',
      'taxId',
      'email',
      'remark',
      'status',
      'reason',
      'created',
      'reviewed',
    ].map((k) => t(`csv.${k}`));
    const label = (kind: 'type' | 'status', v: string) =>
      t(`${kind === 'type' ? 'types' : 'status'}.${v}`);
    saveCsv(
      `invoices-${new Date().toISOString().slice(0, 10)}.csv`,
      invoicesCsv(invoices, header, label),
    );
  };

  const columns = invoiceColumns(t, i18n.language, all, (invoice) => {
    const open = all && (invoice.status === 'pending' || invoice.status === 'tax_review');
    // Not offered on one's own invoices nor on those of users of one's rank or above.
    const refused = open ? refusalOf({ id: invoice.user_id, role: invoice.user_role }) : null;
    return (
      <Space size={4} wrap>
        {open && refused && (
          <RefusedButton reason={refused} type="primary" icon={<AuditOutlined />}>
            {t('review.open')}
          </RefusedButton>
        )}
        {open && !refused && (
          <Button
            size="small"
            type="primary"
            icon={<AuditOutlined />}
            onClick={() => setReviewing(invoice)}
            data-testid={`invoice-review-${invoice.id}`}
          >
            {t('review.open')}
          </Button>
        )}
        {invoice.file_size > 0 && (invoice.status === 'completed' || all) && (
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            loading={download.isPending && download.variables?.id === invoice.id}
            onClick={() => download.mutate(invoice)}
            data-testid={`invoice-download-${invoice.id}`}
          >
            {t('download')}
          </Button>
        )}
      </Space>
    );
  });

  const changeFilter = (next: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, p: 1 }));
  };
  const tooLittle = !!summary.data && summary.data.invoiceable_minor < summary.data.min_minor;
  const money = (minor: number) =>
    summary.data ? formatMoney(minor, summary.data.currency, i18n.language) : '—';

  return (
    <>
      <PageHeader title={t('layout:nav.invoice')} description={t('description')} />
      <Flex vertical gap={16}>
        <Card>
          <Flex wrap gap={24} align="center" justify="space-between">
            <Flex wrap gap={32}>
              <Statistic
                title={t('summary.invoiceable')}
                value={money(summary.data?.invoiceable_minor ?? 0)}
                data-testid="invoiceable"
              />
              <Statistic title={t('summary.minimum')} value={money(summary.data?.min_minor ?? 0)} />
              <Statistic
                title={t('summary.reviewTime')}
                value={t('summary.days', {
                  from: summary.data?.review_days[0] ?? 1,
                  to: summary.data?.review_days[1] ?? 3,
                })}
              />
            </Flex>
            <Tooltip
              title={
                tooLittle
                  ? t('apply.tooLittle', { min: money(summary.data?.min_minor ?? 0) })
                  : undefined
              }
            >
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!summary.data || tooLittle}
                onClick={() => setApplying(true)}
                data-testid="invoice-apply"
              >
                {t('apply.open')}
              </Button>
            </Tooltip>
          </Flex>
        </Card>
        <Card>
          <Flex vertical gap={16}>
            <Flex wrap gap={8} justify="space-between">
              <Flex wrap gap={8}>
                {staff && (
                  <Segmented<Scope>
                    value={scope}
                    onChange={(v) => {
                      setScope(v);
                      setPaging((p) => ({ ...p, p: 1 }));
                    }}
                    options={[
                      { value: 'own', label: t('scope.own') },
                      { value: 'all', label: t('scope.all') },
                    ]}
                  />
                )}
                {all && (
                  <InputNumber
                    min={1}
                    precision={0}
                    placeholder={t('filters.user')}
                    value={filter.user_id ?? null}
                    onChange={(v) => changeFilter({ user_id: v ?? undefined })}
                    style={{ width: 120 }}
                  />
                )}
                <Select
                  allowClear
                  placeholder={t('filters.status')}
                  value={filter.status}
                  onChange={(status?: InvoiceItem['status']) => changeFilter({ status })}
                  options={invoiceStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  style={{ width: 150 }}
                />
                <Select
                  allowClear
                  placeholder={t('filters.type')}
                  value={filter.type}
                  onChange={(type?: InvoiceItem['type']) => changeFilter({ type })}
                  options={invoiceTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                  style={{ width: 200 }}
                />
              </Flex>
              <Flex gap={8}>
                <Button icon={<ReloadOutlined />} onClick={refresh}>
                  {t('refresh')}
                </Button>
                {all && (
                  <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()}>
                    {t('export')}
                  </Button>
                )}
              </Flex>
            </Flex>
            <PagedTable<InvoiceItem>
              columns={columns}
              dataSource={list.data?.items ?? []}
              loading={list.isFetching}
              paging={{ page: paging.p, pageSize: paging.page_size, total: list.data?.total ?? 0 }}
              onPage={(p, page_size) => setPaging({ p, page_size })}
              totalLabel={(count) => t('total', { count })}
              locale={{ emptyText: t('empty') }}
              data-testid="invoice-table"
            />
          </Flex>
        </Card>
      </Flex>
      {summary.data && (
        <ApplyInvoiceModal
          open={applying}
          summary={summary.data}
          onClose={() => setApplying(false)}
          onApplied={() => {
            setApplying(false);
            refresh();
          }}
        />
      )}
      <ReviewInvoiceModal
        invoice={reviewing}
        onClose={() => setReviewing(null)}
        onReviewed={() => {
          setReviewing(null);
          refresh();
        }}
      />
    </>
  );
}

export default InvoicePage;
