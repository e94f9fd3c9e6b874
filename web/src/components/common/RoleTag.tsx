import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd preset colour per role. */
const presets: Record<number, string> = {
  1: 'default',
  5: 'cyan',
  8: 'gold',
  10: 'blue',
  100: 'red',
};

/** A role as a coloured tag; unknown values say so. */
export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation();
  const known = role in presets;
  return (
    <Tag color={presets[role] ?? 'default'}>
      {known ? t(`roles.${role}`) : t('roles.unknown', { role })}
    </Tag>
  );
}
