import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderQuota, type QuotaDisplay } from '../../lib/quota';

/** A budget's use in the current period against its quota; nothing without a budget. */
export function BudgetCell({
  period,
  quota,
  used,
  display,
  testId,
}: {
  period: string;
  quota: number;
  used: number;
  display: QuotaDisplay;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  if (!period || quota <= 0) return null;
  const percent = Math.min(100, Math.round((used / quota) * 100));
  return (
    <div style={{ minWidth: 120 }} data-testid={testId}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {t(`budget.used.${period}`)} {renderQuota(used, display)} / {renderQuota(quota, display)}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={percent >= 100 ? 'exception' : 'normal'}
        style={{ margin: 0 }}
      />
    </div>
  );
}
