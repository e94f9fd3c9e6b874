import { forwardRef } from 'react';
import { useIsMobile } from '../../lib/use-media';

/** The console content's padding (ConsoleLayout), which a full-size frame reaches past. */
const inset = { desktop: { side: 24, bottom: 24 }, mobile: { side: 12, bottom: 16 } };

/**
 * An embedded page filling everything below the header: pages without content styling
 * (/chat, /doc, /uptime) reach past the layout's padding to the window's edges.
 */
export const FullFrame = forwardRef<
  HTMLIFrameElement,
  { src: string; title: string; onLoad?: () => void; allow?: string; testId?: string }
>(function FullFrame({ src, title, onLoad, allow, testId }, ref) {
  const { side, bottom } = inset[useIsMobile() ? 'mobile' : 'desktop'];
  return (
    <iframe
      ref={ref}
      src={src}
      title={title}
      onLoad={onLoad}
      allow={allow}
      data-testid={testId}
      style={{
        display: 'block',
        border: 'none',
        width: `calc(100% + ${side * 2}px)`,
        height: 'calc(100vh - 60px)',
        margin: `-8px -${side}px -${bottom}px`,
      }}
    />
  );
});
