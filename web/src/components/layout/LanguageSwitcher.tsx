import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageOptions, localeKey } from '../../i18n/languages';
import { writeString } from '../../lib/storage';

/** The header language menu; the choice is stored in `localStorage.locale`. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('layout');
  const current = languageOptions.find((l) => l.code === i18n.language) ?? languageOptions[0];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current.code],
        items: languageOptions.map((l) => ({ key: l.code, label: l.label })),
        onClick: ({ key }) => {
          writeString(localeKey, key);
          void i18n.changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('header.language')}
        data-testid="language-switcher"
      >
        {current.code.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
