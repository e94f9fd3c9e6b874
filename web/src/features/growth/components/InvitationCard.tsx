import { ShareAltOutlined, SwapOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, InputNumber, Modal, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { quotaToUnit, renderQuota, unitToQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchAffInfo, transferAff } from '../api';

/**
 * Invitation info on `/topup`: the code and link, how many signed up with it, the invitation
 * balance and what it ever earned, and moving that balance into the quota.
 */
export function InvitationCard({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('growth');
  const client = useQueryClient();
  const info = useQuery({ queryKey: ['aff-info'], queryFn: fetchAffInfo });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number | null>(null);
  const inCurrency = display.displayInCurrency;
  const toQuota = (value: number) =>
    inCurrency ? unitToQuota(value, display.quotaPerUnit) : Math.floor(value);
  const transfer = useMutation({
    mutationFn: (quota: number) => transferAff(quota),
    onSuccess: (_, quota) => {
      notify.success(t('aff.transferred', { amount: renderQuota(quota, display) }));
      setOpen(false);
      setAmount(null);
      void client.invalidateQueries({ queryKey: ['aff-info'] });
      void client.invalidateQueries({ queryKey: ['rebates'] });
      void client.invalidateQueries({ queryKey: ['self'] });
      void client.invalidateQueries({ queryKey: ['recharge-records'] });
    },
  });
  const data = info.data;
  if (data && !data.enabled && data.quota === 0) return null;
  const link = data ? `${window.location.origin}/register?aff=${data.code}` : '';
  const toUnit = (quota: number) => (inCurrency ? quotaToUnit(quota, display.quotaPerUnit) : quota);

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <ShareAltOutlined />
          {t('aff.title')}
        </Flex>
      }
      data-testid="invitation-card"
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          {t('aff.rewards', {
            inviter: renderQuota(data?.inviter_reward ?? 0, display),
            invitee: renderQuota(data?.invitee_gift ?? 0, display),
          })}
        </Typography.Text>
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('aff.link')}</Typography.Text>
          <Typography.Text copyable={{ text: link }} code data-testid="aff-link">
            {link}
          </Typography.Text>
        </Flex>
        <Flex gap={32} wrap>
          <Statistic title={t('aff.count')} value={data?.count ?? 0} />
          <Statistic
            title={t('aff.balance')}
            value={renderQuota(data?.quota ?? 0, display)}
            data-testid="aff-balance"
          />
          <Statistic
            title={t('aff.history')}
            value={renderQuota(data?.history_quota ?? 0, display)}
          />
        </Flex>
        <div>
          <Button
            icon={<SwapOutlined />}
            disabled={!data || data.quota < data.min_transfer}
            onClick={() => setOpen(true)}
            data-testid="aff-transfer"
          >
            {t('aff.transfer')}
          </Button>
        </div>
      </Flex>
      <Modal
        open={open}
        title={t('aff.transferTitle')}
        okText={t('aff.transferSubmit')}
        okButtonProps={{ disabled: !amount }}
        confirmLoading={transfer.isPending}
        onOk={() => amount && transfer.mutate(toQuota(amount))}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            {t('aff.transferHint', {
              balance: renderQuota(data?.quota ?? 0, display),
              min: renderQuota(data?.min_transfer ?? 0, display),
            })}
          </Typography.Text>
          <InputNumber
            autoFocus
            min={data ? toUnit(data.min_transfer) : 0}
            max={data ? toUnit(data.quota) : undefined}
            precision={inCurrency ? 2 : 0}
            prefix={inCurrency ? '$' : undefined}
            value={amount}
            onChange={setAmount}
            style={{ width: '100%' }}
            data-testid="aff-transfer-amount"
          />
        </Flex>
      </Modal>
    </Card>
  );
}
