import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../app/providers/theme-context';

const icons = { light: <SunOutlined />, dark: <MoonOutlined />, system: <DesktopOutlined /> };

/** Cycles the theme light → dark → system → light. */
export function ThemeButton() {
  const { t } = useTranslation();
  const { mode, cycle } = useThemeMode();
  const label = t('header.theme', { mode: t(`theme.${mode}`) });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        icon={icons[mode]}
        aria-label={label}
        data-testid="theme-button"
        data-mode={mode}
        onClick={cycle}
      />
    </Tooltip>
  );
}
