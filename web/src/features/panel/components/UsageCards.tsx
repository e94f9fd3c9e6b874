import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderNumber, type QuotaDisplay } from '../../../lib/quota';
import { renderCost } from '../../../lib/format';
import type { DayUsage, WeekUsage } from '../lib/week-usage';

function UsageCard({
  title,
  usage,
  display,
  testId,
}: {
  title: string;
  usage: DayUsage | undefined;
  display: QuotaDisplay;
  testId: string;
}) {
  const { t } = useTranslation('panel');
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={testId}>
      <Statistic
        title={title}
        value={usage ? renderCost(usage.quota, display) : '-'}
        loading={!usage}
        styles={{ content: { fontSize: 20 } }}
      />
      {usage && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('usage.detail', {
            count: renderNumber(usage.count),
            tokens: renderNumber(usage.tokens),
          })}
        </Typography.Text>
      )}
    </Card>
  );
}

/** Today's usage, the last 3 days and the 7-day average. */
export function UsageCards({
  week,
  display,
}: {
  week: WeekUsage | undefined;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('panel');
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} sm={8}>
        <UsageCard
          title={t('usage.today')}
          usage={week?.today}
          display={display}
          testId="panel-today"
        />
      </Col>
      <Col xs={24} sm={8}>
        <UsageCard
          title={t('usage.last3')}
          usage={week?.last3}
          display={display}
          testId="panel-last3"
        />
      </Col>
      <Col xs={24} sm={8}>
        <UsageCard
          title={t('usage.average')}
          usage={week?.average}
          display={display}
          testId="panel-average"
        />
      </Col>
    </Row>
  );
}
