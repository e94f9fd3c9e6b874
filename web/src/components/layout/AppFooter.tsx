import { Layout, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../features/status/hooks/useStatus';
import { storage } from '../../lib/storage';
import { sanitizeHtml } from '../ui/markdown';

/**
 * The custom footer HTML: taken from the status, and polled from the local cache every
 * 200 ms up to 5 times while the first status answer is still on its way (spec section 9).
 */
function useFooterHtml(fromStatus: string | undefined): string {
  const [polled, setPolled] = useState(() => storage.get('footer_html') ?? '');
  useEffect(() => {
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      const value = storage.get('footer_html') ?? '';
      setPolled(value);
      if (value || tries >= 5) window.clearInterval(timer);
    }, 200);
    return () => window.clearInterval(timer);
  }, []);
  return fromStatus ?? polled;
}

/** Year and system name, the test-only disclaimer, and the custom footer HTML. */
export function AppFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { status, systemName } = useStatus();
  const footerHtml = useFooterHtml(status?.footer_html);
  return (
    <Layout.Footer
      data-testid="footer"
      style={{ textAlign: 'center', padding: '16px 24px', background: 'transparent' }}
    >
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        © {new Date().getFullYear()} {systemName}
      </Typography.Text>
      <Typography.Paragraph
        type="secondary"
        style={{ fontSize: token.fontSizeSM, margin: '4px 0 0' }}
      >
        {t('footer.disclaimer')}
      </Typography.Paragraph>
      {footerHtml && (
        <div
          className="custom-footer"
          style={{ marginTop: 4, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(footerHtml) }}
        />
      )}
    </Layout.Footer>
  );
}
