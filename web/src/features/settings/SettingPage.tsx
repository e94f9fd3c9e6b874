import { Alert, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/common/PageHeader';
import { PageSpinner } from '../../components/common/PageSpinner';
import { updateAvailable } from '../../components/layout/nav-model';
import { LevelsCard } from '../levels';
import { OperationSettings } from '../operation-settings';
import { PaymentGatewaysCard } from '../payment-gateways';
import { useStatus } from '../../site/hooks/use-status';
import { SettingTab } from './components/SettingTab';
import { TestMailCard } from './components/TestMailCard';
import { useOptions } from './hooks/use-options';
import { settingTabs, type TabId } from './lib/setting-fields';

const tabIds = Object.keys(settingTabs) as TabId[];
/** Operation sections edited by the richer editors of `OperationSettings` instead. */
const operationEditorSections = ['ratios', 'channels'];

/** `/setting`: system settings in four tabs (root only). */
export function SettingPage() {
  const { t } = useTranslation(['layout', 'settings']);
  const [params, setParams] = useSearchParams();
  const status = useStatus();
  const options = useOptions();
  const active = tabIds.includes(params.get('tab') as TabId)
    ? (params.get('tab') as TabId)
    : 'general';
  return (
    <>
      <PageHeader title={t('nav.setting')} />
      {updateAvailable(status) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('settings:update', { version: status.version, latest: status.latest_version })}
        />
      )}
      {options.isPending ? (
        <PageSpinner />
      ) : options.data ? (
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={tabIds.map((id) => ({
            key: id,
            label: t(`settings:tabs.${id}`),
            children:
              id === 'operation' ? (
                <Flex vertical gap={16}>
                  <SettingTab
                    sections={settingTabs[id].filter(
                      (s) => !operationEditorSections.includes(s.id),
                    )}
                    options={options.data}
                  />
                  <OperationSettings options={options.data} />
                  <LevelsCard />
                </Flex>
              ) : id === 'general' ? (
                <Flex vertical gap={16}>
                  <SettingTab sections={settingTabs[id]} options={options.data} />
                  <PaymentGatewaysCard />
                  <TestMailCard />
                </Flex>
              ) : (
                <SettingTab sections={settingTabs[id]} options={options.data} />
              ),
          }))}
        />
      ) : (
        <Alert type="error" showIcon title={options.error?.message} />
      )}
    </>
  );
}
