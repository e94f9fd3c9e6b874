import type { LogItem } from '@gateway/shared';
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { formatUsd } from '../../../lib/price';
import { pricePerMillion, type BillingDetail } from '../lib/billing';

/** How the charge of a log line was reached: ratios or price, the formula and the result. */
export function BillingProcess({
  log,
  billing,
  display,
}: {
  log: LogItem;
  billing: BillingDetail;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('log');
  const items: DescriptionsProps['items'] = [];
  const add = (key: string, value: React.ReactNode) =>
    items.push({ key, label: t(`billing.${key}`), children: value });

  if (billing.kind === 'fixed') {
    add('kind', <Tag color="purple">{t('billing.fixed')}</Tag>);
    add('modelPrice', formatUsd(billing.modelPrice ?? 0));
  } else if (billing.kind === 'ratio') {
    add('kind', <Tag color="blue">{t('billing.ratio')}</Tag>);
    add('modelRatio', billing.modelRatio);
    add('completionRatio', billing.completionRatio ?? 1);
    if (billing.cacheRatio !== undefined && billing.cacheRatio !== 1)
      add('cacheRatio', billing.cacheRatio);
    if (billing.cacheWriteRatio !== undefined && billing.cacheWriteRatio !== 1)
      add('cacheWriteRatio', billing.cacheWriteRatio);
    if (billing.imageRatio !== undefined) add('imageRatio', billing.imageRatio);
    if (billing.audioRatio !== undefined) add('audioRatio', billing.audioRatio);
    if (billing.audioCompletionRatio !== undefined && billing.audioRatio !== undefined)
      add('audioCompletionRatio', billing.audioCompletionRatio);
    const perM = pricePerMillion(billing.modelRatio ?? 0, billing.completionRatio ?? 1);
    add(
      'basePrice',
      t('billing.basePriceValue', { input: formatUsd(perM.input), output: formatUsd(perM.output) }),
    );
  }
  if (billing.groupRatio !== undefined) add('groupRatio', billing.groupRatio);
  if (billing.userDiscount !== undefined) add('userDiscount', billing.userDiscount);
  add(
    'charged',
    <Typography.Text strong data-testid="billing-charged">
      {renderQuota(log.quota, display, 6)}
      {display.displayInCurrency && ` (${t('billing.quotaUnits', { quota: log.quota })})`}
    </Typography.Text>,
  );
  if (billing.reservedQuota !== undefined)
    add('reserved', renderQuota(billing.reservedQuota, display, 6));
  if (billing.refundedQuota !== undefined)
    add('refunded', renderQuota(billing.refundedQuota, display, 6));

  return (
    <Flex vertical gap={12}>
      <Descriptions size="small" column={1} bordered items={items} data-testid="billing-process" />
      {billing.kind === 'ratio' && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('billing.ratioExplain')}
        </Typography.Paragraph>
      )}
      {billing.kind === 'fixed' && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('billing.fixedExplain')}
        </Typography.Paragraph>
      )}
      {(billing.formula || log.content) && (
        <div>
          <Typography.Text strong>{t('billing.formula')}</Typography.Text>
          <Typography.Paragraph
            code
            copyable
            style={{ marginTop: 4, whiteSpace: 'pre-wrap' }}
            data-testid="billing-formula"
          >
            {billing.formula ?? log.content}
          </Typography.Paragraph>
        </div>
      )}
      {billing.selfUseFallback && <Alert type="warning" showIcon title={t('billing.fallback')} />}
      {billing.partial && (
        <Alert type="warning" showIcon title={t(`billing.partial.${billing.partial}`)} />
      )}
      {billing.localCount && <Alert type="info" showIcon title={t('billing.localCount')} />}
    </Flex>
  );
}
