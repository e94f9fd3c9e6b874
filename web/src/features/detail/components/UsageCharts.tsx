import { Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderNumber, type QuotaDisplay } from '../../../lib/quota';
import { axisMoney, renderCost } from '../../../lib/format';
import type { Granularity, UsageSeries } from '../lib/aggregate';
import { modelShare, requestLines, stackedBars } from '../lib/chart-options';
import { EChart } from '../../../components/charts/EChart';

/** The dashboard's four charts: consumption, requests, tokens and each model's share. */
export function UsageCharts({
  series,
  granularity,
  display,
}: {
  series: UsageSeries;
  granularity: Granularity;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('detail');
  const options = useMemo(() => {
    const money = (v: number) => renderCost(v, display);
    const axis = (v: number) => axisMoney(v, display);
    return {
      quota: stackedBars(series, 'quota', granularity, money, axis),
      count: requestLines(series, granularity),
      tokens: stackedBars(series, 'tokens', granularity, renderNumber),
      share: modelShare(series, money),
    };
  }, [series, granularity, display]);
  if (series.models.length === 0) {
    return (
      <Card>
        <Empty description={t('empty')} />
      </Card>
    );
  }
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={16}>
        <Card size="small" title={t('charts.quota')}>
          <EChart option={options.quota} testId="chart-quota" />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('charts.share')}>
          <EChart option={options.share} testId="chart-share" />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('charts.count')}>
          <EChart option={options.count} testId="chart-count" />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('charts.tokens')}>
          <EChart option={options.tokens} testId="chart-tokens" />
        </Card>
      </Col>
    </Row>
  );
}
