import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../../../lib/storage';
import { toastError } from '../../../lib/toast';
import { fetchCustomCss, fetchCustomJavaScript } from '../api';
import { useStatus, useStatusQuery } from '../hooks/useStatus';
import { runCustomScript, setMeta } from '../site-dom';

/** Title, meta tags, custom CSS and custom JavaScript from the server; connection errors. */
export function SiteEffects() {
  const { t } = useTranslation();
  const { isError } = useStatusQuery();
  const { status, systemName, logo } = useStatus();
  const css = useQuery({ queryKey: ['custom-css'], queryFn: fetchCustomCss, staleTime: Infinity });
  const script = useQuery({
    queryKey: ['custom-javascript'],
    queryFn: fetchCustomJavaScript,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (isError) toastError(t('errors.cannotConnect'));
  }, [isError, t]);

  useEffect(() => {
    document.title = systemName;
    setMeta('description', status?.seo_description ?? '');
    setMeta('keywords', status?.seo_keywords ?? '');
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = logo;
  }, [systemName, logo, status?.seo_description, status?.seo_keywords]);

  useEffect(() => {
    if (!css.data) return;
    const style = document.createElement('style');
    style.dataset.custom = 'css';
    style.textContent = css.data;
    document.head.appendChild(style);
    return () => style.remove();
  }, [css.data]);

  useEffect(() => {
    if (script.data === undefined) return;
    storage.set('custom_javascript', script.data);
    if (script.data) return runCustomScript(script.data);
  }, [script.data]);

  return null;
}
