import type { LogStat } from '@gateway/shared';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderNumber, type QuotaDisplay } from '../../../lib/quota';
import { renderCost } from '../../../lib/format';

/** Totals of the filter: consumed quota, and RPM and TPM of the last minute. */
export function LogStats({
  stat,
  loading,
  display,
}: {
  stat: LogStat | undefined;
  loading: boolean;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('log');
  const cards = [
    { key: 'quota', value: stat ? renderCost(stat.quota, display) : '-' },
    { key: 'rpm', value: stat ? renderNumber(stat.rpm) : '-' },
    { key: 'tpm', value: stat ? renderNumber(stat.tpm) : '-' },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="log-stats">
      {cards.map((card) => (
        <Col key={card.key} xs={8}>
          <Card size="small">
            <Statistic
              loading={loading}
              title={t(`stats.${card.key}`)}
              value={card.value}
              styles={{ content: { fontSize: 20 } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
