import { GiftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { redeemCode } from '../api';

/** The redemption box: a code in, balance credited (and the records refreshed). */
export function RedeemCard({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('topup');
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const redeem = useMutation({
    mutationFn: (key: string) => redeemCode(key),
    onSuccess: (quota) => {
      notify.success(t('redeem.done', { amount: renderQuota(quota, display) }));
      setCode('');
      void client.invalidateQueries({ queryKey: ['self'] });
      void client.invalidateQueries({ queryKey: ['recharge-records'] });
    },
  });
  const submit = () => {
    if (!code.trim()) {
      notify.warning(t('redeem.required'));
      return;
    }
    redeem.mutate(code.trim());
  };
  return (
    <Card title={t('redeem.title')} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('redeem.hint')}</Typography.Text>
        <Flex gap={8} wrap>
          <Input
            allowClear
            prefix={<GiftOutlined />}
            placeholder={t('redeem.placeholder')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={submit}
            style={{ flex: '1 1 220px' }}
            data-testid="redeem-code"
          />
          <Button
            type="primary"
            loading={redeem.isPending}
            onClick={submit}
            data-testid="redeem-submit"
          >
            {t('redeem.submit')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
