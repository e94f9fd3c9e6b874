import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd status colour per user status: 1 enabled, 2 banned, 3 closed out. */
const presets: Record<number, string> = { 1: 'success', 2: 'error', 3: 'default' };

/** A user status as a tag. */
export function UserStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={presets[status] ?? 'warning'}>
      {t(`userStatus.${status in presets ? status : 'unknown'}`)}
    </Tag>
  );
}
