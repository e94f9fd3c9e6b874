import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { fetchWxPusherQrCode, fetchWxPusherStatus } from '../bindings-api';

/** WxPusher asks not to be polled more often than every 10 seconds. */
const pollMs = 10_000;

/** Seconds until `expiresAt` (Unix seconds), ticking every second. */
function useSecondsLeft(expiresAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, expiresAt - Math.floor(now / 1000)) : 0;
}

/**
 * Binds WxPusher: a QR code to scan with WeChat, checked every 10 seconds while the dialog is
 * open; once it expires a new one can be fetched.
 */
export function WxPusherBindDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('signin');
  const queryClient = useQueryClient();
  const qr = useQuery({
    queryKey: ['wxpusher-qr'],
    queryFn: fetchWxPusherQrCode,
    enabled: open,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const left = useSecondsLeft(qr.data?.expires_at);
  const live = Boolean(qr.data) && left > 0;
  const status = useQuery({
    queryKey: ['wxpusher-status', qr.data?.expires_at],
    queryFn: fetchWxPusherStatus,
    enabled: open && live,
    refetchInterval: pollMs,
    gcTime: 0,
  });
  const bound = status.data?.bound === true;
  const expired = Boolean(qr.data) && (left === 0 || status.data?.expired === true) && !bound;

  // Handled once per QR code, however often the dialog re-renders afterwards.
  const handled = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!bound || handled.current === qr.data?.expires_at) return;
    handled.current = qr.data?.expires_at;
    notify.success(t('wxpusher.bound'));
    void queryClient.invalidateQueries({ queryKey: ['self'] });
    queryClient.removeQueries({ queryKey: ['wxpusher-qr'] });
    onClose();
  }, [bound, onClose, queryClient, t, qr.data?.expires_at]);

  const close = () => {
    queryClient.removeQueries({ queryKey: ['wxpusher-qr'] });
    onClose();
  };
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <Modal
      open={open}
      title={t('wxpusher.bindTitle')}
      footer={null}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical align="center" gap={12} data-testid="wxpusher-dialog">
        {qr.isPending ? (
          <Spin />
        ) : qr.data ? (
          <div style={{ position: 'relative', width: 200, height: 200 }}>
            <img
              src={qr.data.url}
              alt={t('wxpusher.qrAlt')}
              width={200}
              height={200}
              style={{ objectFit: 'contain', opacity: expired ? 0.15 : 1 }}
            />
            {expired && (
              <Flex
                vertical
                align="center"
                justify="center"
                gap={8}
                style={{ position: 'absolute', inset: 0 }}
              >
                <Typography.Text strong>{t('wxpusher.expired')}</Typography.Text>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => void qr.refetch()}
                  loading={qr.isFetching}
                >
                  {t('wxpusher.refresh')}
                </Button>
              </Flex>
            )}
          </div>
        ) : (
          <Button icon={<ReloadOutlined />} onClick={() => void qr.refetch()}>
            {t('wxpusher.refresh')}
          </Button>
        )}
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('wxpusher.hint')}
        </Typography.Text>
        {live && !expired && (
          <Typography.Text type="secondary">
            {t('wxpusher.expiresIn', { time: `${minutes}:${seconds}` })}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
