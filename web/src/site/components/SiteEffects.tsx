import { useEffect } from 'react';
import { readString, writeString } from '../../lib/storage';
import { fetchCustomCss, fetchCustomJavaScript } from '../api';
import { useSiteInfo, useStatus } from '../hooks/use-status';
import { applyCustomCss, runCustomScript } from '../lib/custom-script';

let customAssetsLoaded = false;

function setMeta(name: string, content: string): void {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** Loads the server's custom CSS and JavaScript once per page load. */
async function loadCustomAssets(): Promise<void> {
  if (customAssetsLoaded) return;
  customAssetsLoaded = true;
  const [css, script] = await Promise.allSettled([fetchCustomCss(), fetchCustomJavaScript()]);
  if (css.status === 'fulfilled') applyCustomCss(css.value ?? '');
  if (script.status === 'fulfilled') {
    writeString('custom_javascript', script.value ?? '');
    runCustomScript(script.value ?? '');
  } else {
    runCustomScript(readString('custom_javascript') ?? '');
  }
}

/** Applies what the status says to the document: SEO tags, favicon, custom CSS and script. */
export function SiteEffects() {
  const status = useStatus();
  const { logo } = useSiteInfo();

  useEffect(() => {
    void loadCustomAssets();
  }, []);

  useEffect(() => {
    setMeta('description', status.seo_description ?? '');
    setMeta('keywords', status.seo_keywords ?? '');
  }, [status.seo_description, status.seo_keywords]);

  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = logo;
  }, [logo]);

  return null;
}
