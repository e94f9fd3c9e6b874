import { Flex } from 'antd';
import { ChannelHealthSettings } from './components/ChannelHealthSettings';
import { GroupsCard } from './components/GroupsCard';
import { LogSettings } from './components/LogSettings';
import { RatioSettings } from './components/RatioSettings';

/**
 * The editors of the settings page's operation tab: groups, price maps (table and JSON views),
 * retries and automatic channel disabling / enabling, and log retention.
 */
export function OperationSettings({ options }: { options: Record<string, string> }) {
  return (
    <Flex vertical gap={16} data-testid="operation-settings">
      <GroupsCard options={options} />
      <RatioSettings options={options} />
      <ChannelHealthSettings options={options} />
      <LogSettings options={options} />
    </Flex>
  );
}
