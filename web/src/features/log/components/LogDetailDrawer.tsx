import type { LogItem } from '@gateway/shared';
import { Collapse, Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuotaDisplay } from '../../../lib/quota';
import { useIsMobile } from '../../../lib/use-media';
import { parseBilling } from '../lib/billing';
import { formatDuration, formatTime } from '../../../lib/format';
import { logTypeColor } from '../lib/log-types';
import { BillingProcess } from './BillingProcess';
import { TokenBreakdown } from './TokenBreakdown';

/** One log line in full: request facts, tokens by kind and the billing process. */
export function LogDetailDrawer({
  log,
  admin,
  display,
  onClose,
}: {
  log: LogItem | null;
  admin: boolean;
  display: QuotaDisplay;
  onClose: () => void;
}) {
  const { t } = useTranslation('log');
  const mobile = useIsMobile();
  const billing = log ? parseBilling(log.other) : null;
  const facts: DescriptionsProps['items'] = [];
  if (log && billing) {
    const add = (key: string, value: React.ReactNode) =>
      facts.push({ key, label: t(`fields.${key}`), children: value });
    add('time', formatTime(log.created_at));
    add(
      'type',
      <Tag color={logTypeColor(log.type)}>
        {t(`types.${log.type}`, { defaultValue: String(log.type) })}
      </Tag>,
    );
    add('model', log.model_name || '-');
    if (billing.mapped && billing.upstreamModel) add('upstreamModel', billing.upstreamModel);
    if (billing.fallbackFrom) add('fallbackFrom', billing.fallbackFrom);
    if (billing.fallbackGroupFrom) add('fallbackGroupFrom', billing.fallbackGroupFrom);
    if (billing.priceTier) add('priceTier', <Tag color="gold">{billing.priceTier}</Tag>);
    if (billing.sticky) {
      add(
        'sticky',
        <Tag color={billing.sticky === 'hit' ? 'green' : 'default'}>
          {t(`sticky.${billing.sticky}`)}
        </Tag>,
      );
    }
    add('token', log.token_name || '-');
    add('group', log.group || '-');
    if (admin) {
      add('user', `${log.username} (#${log.user_id})`);
      add('channel', log.channel ? `#${log.channel} ${log.channel_name ?? ''}` : '-');
      if (billing.channels?.length) add('tried', billing.channels.map((c) => `#${c}`).join(' → '));
    }
    add(
      'stream',
      <Tag color={log.is_stream ? 'blue' : 'default'}>
        {log.is_stream ? t('stream') : t('nonStream')}
      </Tag>,
    );
    add('useTime', formatDuration(log.use_time));
    add('frt', formatDuration(log.frt || billing.firstByteMs || 0));
    if (billing.requestPath)
      add('path', <Typography.Text code>{billing.requestPath}</Typography.Text>);
    if (log.request_id)
      add('requestId', <Typography.Text copyable>{log.request_id}</Typography.Text>);
    if (log.ip) add('ip', log.ip);
    if (billing.statusCode) add('status', billing.statusCode);
    if (billing.errorType || billing.errorCode)
      add('error', [billing.errorType, billing.errorCode].filter(Boolean).join(' / '));
    if (log.content)
      add(
        'content',
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{log.content}</Typography.Text>,
      );
  }
  return (
    <Drawer
      open={!!log}
      onClose={onClose}
      title={t('drawerTitle')}
      size={mobile ? '100%' : 560}
      destroyOnHidden
      data-testid="log-drawer"
    >
      {log && billing && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered items={facts} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('sections.tokens')}
          </Typography.Title>
          <TokenBreakdown log={log} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('sections.billing')}
          </Typography.Title>
          <BillingProcess log={log} billing={billing} display={display} />
          <Collapse
            size="small"
            items={[
              {
                key: 'raw',
                label: t('sections.raw'),
                children: (
                  <pre
                    style={{
                      margin: 0,
                      fontSize: 12,
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-all',
                    }}
                  >
                    {JSON.stringify(billing.raw, null, 2)}
                  </pre>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
