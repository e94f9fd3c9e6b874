import type { PayStart, TopUpInfo, TopUpQuote } from '@gateway/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  InputNumber,
  Radio,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../lib/format';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { quoteTopUp, startPayment } from '../api';
import { sendToGateway } from '../lib/send-to-gateway';

/** Online recharge: an amount (presets or typed), a gateway, the final price, then pay. */
export function OnlineTopUpCard({
  info,
  display,
}: {
  info: TopUpInfo | undefined;
  display: QuotaDisplay;
}) {
  const { t, i18n } = useTranslation('topup');
  const [amount, setAmountValue] = useState<number | null>(null);
  const [gatewayId, setGatewayValue] = useState<number | undefined>();
  const [started, setStarted] = useState<PayStart | null>(null);
  // A new amount or method is a new order: the notice of the last one goes.
  const setAmount = (value: number | null) => {
    setAmountValue(value);
    setStarted(null);
  };
  const setGatewayId = (value: number) => {
    setGatewayValue(value);
    setStarted(null);
  };
  const gateways = info?.gateways ?? [];
  const chosen = gatewayId ?? gateways[0]?.id;
  const min = info?.min_amount ?? 1;
  const valid = amount !== null && amount >= min && amount <= (info?.max_amount ?? 1_000_000);

  const quote = useQuery<TopUpQuote>({
    queryKey: ['topup-quote', amount, chosen],
    queryFn: () => quoteTopUp(amount ?? 0, chosen ?? 0),
    enabled: valid && chosen !== undefined,
  });
  const pay = useMutation({
    mutationFn: () => startPayment(amount ?? 0, chosen ?? 0),
    onSuccess: (start) => {
      setStarted(start);
      sendToGateway(start.action);
    },
  });

  if (!info)
    return (
      <Card title={t('online.title')}>
        <Skeleton active />
      </Card>
    );
  if (!info.enable_online_topup) return null;
  const money = (minor: number) =>
    formatMoney(minor, quote.data?.currency ?? 'USD', i18n.language, quote.data?.digits);

  return (
    <Card title={t('online.title')}>
      <Flex vertical gap={16}>
        <div>
          <Typography.Text strong>{t('online.amount')}</Typography.Text>
          <Flex wrap gap={8} style={{ marginTop: 8 }}>
            {info.amount_options.map((option) => (
              <Button
                key={option}
                type={amount === option ? 'primary' : 'default'}
                onClick={() => setAmount(option)}
              >
                {`$${option}`}
              </Button>
            ))}
            <InputNumber
              min={0}
              max={info.max_amount}
              precision={2}
              prefix="$"
              placeholder={t('online.custom')}
              value={amount}
              onChange={(v) => setAmount(v)}
              style={{ width: 160 }}
              data-testid="topup-amount"
            />
          </Flex>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {t('online.range', { min, max: info.max_amount.toLocaleString(i18n.language) })}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text strong>{t('online.method')}</Typography.Text>
          <Radio.Group
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}
            optionType="button"
            value={chosen}
            onChange={(e) => setGatewayId(e.target.value as number)}
            options={gateways.map((g) => ({
              value: g.id,
              label: (
                <Flex gap={6} align="center">
                  {/^https?:\/\//.test(g.icon) && (
                    <img src={g.icon} alt="" width={16} height={16} />
                  )}
                  {g.name}
                </Flex>
              ),
            }))}
          />
        </div>
        {valid && quote.data && (
          <Descriptions size="small" column={1} bordered data-testid="topup-quote">
            <Descriptions.Item label={t('online.credited')}>
              {renderQuota(quote.data.quota, display)}
            </Descriptions.Item>
            {quote.data.discount < 1 && (
              <Descriptions.Item label={t('online.discount')}>
                {t('online.discountValue', {
                  percent: Math.round((1 - quote.data.discount) * 100),
                })}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('online.price')}>
              {money(quote.data.price_minor)}
            </Descriptions.Item>
            {quote.data.fee_minor > 0 && (
              <Descriptions.Item label={t('online.fee')}>
                {money(quote.data.fee_minor)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('online.total')}>
              <Typography.Text strong>{money(quote.data.money_minor)}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        )}
        {amount !== null && !valid && (
          <Alert type="warning" showIcon title={t('online.outOfRange', { min })} />
        )}
        <div>
          <Button
            type="primary"
            size="large"
            disabled={!valid || !quote.data}
            loading={pay.isPending}
            onClick={() => pay.mutate()}
            data-testid="topup-pay"
          >
            {quote.data
              ? t('online.pay', { money: money(quote.data.money_minor) })
              : t('online.payPlain')}
          </Button>
        </div>
        {started && (
          <Alert
            type="info"
            showIcon
            title={t('online.started', { tradeNo: started.trade_no })}
            description={
              <Flex gap={8} wrap>
                <Button size="small" onClick={() => sendToGateway(started.action)}>
                  {t('online.openAgain')}
                </Button>
                <Link to={`/order?trade_no=${started.trade_no}`}>{t('online.seeOrder')}</Link>
              </Flex>
            }
          />
        )}
      </Flex>
    </Card>
  );
}
