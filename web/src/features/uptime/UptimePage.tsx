import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { FullFrame } from '../../components/common/FullFrame';
import { useStatus } from '../../site/hooks/use-status';
import { MonitorList } from './components/MonitorList';
import { useUptime } from './hooks/use-uptime';

/**
 * /uptime: the Uptime Kuma status when configured — the monitors read from the API address,
 * else (or when that cannot be read) the status page in a frame, or a link when it should open
 * in a new window.
 */
export function UptimePage() {
  const { t } = useTranslation('uptime');
  const status = useStatus();
  const apiUrl = status.uptime_kuma_status ? (status.uptime_kuma_uptime_url ?? '') : '';
  const webUrl = status.uptime_kuma_web_url ?? '';
  const uptime = useUptime(apiUrl);

  if (!status.uptime_kuma_status || (!apiUrl && !webUrl)) {
    return <Result status="info" title={t('notConfigured')} subTitle={t('notConfiguredHint')} />;
  }
  const openButton = webUrl && (
    <Button icon={<ExportOutlined />} href={webUrl} target="_blank" rel="noreferrer">
      {t('open')}
    </Button>
  );
  if (apiUrl && !uptime.isError) {
    return (
      <div style={{ maxWidth: 1000, margin: '0 auto' }}>
        <PageHeader title={t('title')} description={t('description')} extra={openButton} />
        <Spin spinning={uptime.isLoading}>
          <MonitorList groups={uptime.data ?? []} />
        </Spin>
      </div>
    );
  }
  if (webUrl && !status.uptime_kuma_open_option) {
    return (
      <Flex vertical>
        {uptime.isError && <Alert type="warning" showIcon banner title={t('apiFailed')} />}
        <FullFrame src={webUrl} title={t('title')} testId="uptime-frame" />
      </Flex>
    );
  }
  return (
    <Result
      status={uptime.isError ? 'warning' : 'info'}
      title={t('title')}
      subTitle={uptime.isError ? t('apiFailed') : t('openHint')}
      extra={openButton}
    />
  );
}

export default UptimePage;
