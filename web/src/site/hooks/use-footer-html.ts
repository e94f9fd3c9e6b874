import { useEffect, useState } from 'react';
import { readString } from '../../lib/storage';

/** Custom footer HTML from the status cache, polled every 200 ms up to 5 times until present. */
export function useFooterHtml(fromStatus: string | undefined): string {
  const [html, setHtml] = useState(() => readString('footer_html') ?? '');
  useEffect(() => {
    if (html) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      const value = readString('footer_html') ?? '';
      if (value) setHtml(value);
      if (value || tries >= 5) window.clearInterval(timer);
    }, 200);
    return () => window.clearInterval(timer);
  }, [html]);
  return fromStatus ?? html;
}
