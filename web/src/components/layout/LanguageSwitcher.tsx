import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageNames, languages } from '../../i18n/languages';
import { storage } from '../../lib/storage';

/** Header dropdown of the seven languages; the choice is stored in `localStorage.locale`. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: languages.map((lang) => ({
          key: lang,
          label: <span data-testid={`lang-${lang}`}>{languageNames[lang]}</span>,
        })),
        onClick: ({ key }) => {
          storage.set('locale', key);
          void i18n.changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        shape="circle"
        icon={<TranslationOutlined />}
        aria-label={t('header.language')}
        data-testid="language-switcher"
      />
    </Dropdown>
  );
}
