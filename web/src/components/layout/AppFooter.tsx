import { Layout, theme, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFooterHtml } from '../../site/hooks/use-footer-html';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { sanitizeHtml } from '../../lib/markdown';

/** Footer: year and system name, the test-only disclaimer, and the custom footer HTML. */
export function AppFooter() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const { systemName } = useSiteInfo();
  const status = useStatus();
  const footerHtml = useFooterHtml(status.footer_html);
  const safeHtml = useMemo(() => sanitizeHtml(footerHtml), [footerHtml]);
  return (
    <Layout.Footer
      data-testid="footer"
      style={{
        textAlign: 'center',
        padding: '20px 16px',
        background: 'transparent',
        color: token.colorTextSecondary,
      }}
    >
      {safeHtml && (
        <div
          className="custom-footer"
          dangerouslySetInnerHTML={{ __html: safeHtml }}
          style={{ marginBottom: 8 }}
        />
      )}
      <Typography.Text type="secondary">
        © {new Date().getFullYear()} {systemName}. {t('footer.disclaimer')}
      </Typography.Text>
    </Layout.Footer>
  );
}
