import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../lib/theme-mode';

const icons = { light: <SunOutlined />, dark: <MoonOutlined />, system: <DesktopOutlined /> };

/** Cycles the theme light → dark → system; the icon shows the current mode. */
export function ThemeButton() {
  const { t } = useTranslation('layout');
  const { mode, cycle } = useThemeMode();
  const label = t('header.theme', { mode: t(`theme.${mode}`) });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={icons[mode]}
        onClick={cycle}
        aria-label={label}
        data-testid="theme-button"
        data-mode={mode}
      />
    </Tooltip>
  );
}
