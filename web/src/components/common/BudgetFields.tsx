import { Col, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderQuota, type QuotaDisplay } from '../../lib/quota';

const periods = ['', 'day', 'week', 'month'] as const;

/**
 * The budget of a user or a key: its reset period and the quota it allows per period
 * (form items `budget_period` and `budget_quota`).
 */
export function BudgetFields({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('common');
  const period = Form.useWatch<string>('budget_period');
  const quota = Form.useWatch<number>('budget_quota') ?? 0;
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="budget_period" label={t('budget.period')} tooltip={t('budget.hint')}>
          <Select
            data-testid="budget-period"
            options={periods.map((p) => ({ value: p, label: t(`budget.periods.${p || 'none'}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="budget_quota"
          label={t('budget.quota')}
          extra={period ? renderQuota(quota, { ...display, displayInCurrency: true }) : undefined}
        >
          <InputNumber
            min={0}
            precision={0}
            disabled={!period}
            style={{ width: '100%' }}
            data-testid="budget-quota"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
