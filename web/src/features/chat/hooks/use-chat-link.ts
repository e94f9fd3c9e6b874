import { useEffect, useState } from 'react';
import { readString } from '../../../lib/storage';

/** How often the stored chat link is re-read: every second. */
export const chatLinkCheckMs = 1000;

/**
 * The configured chat link. The status cache keeps it under `chat_link`; the link is checked
 * every second so a change made in another tab or by a status refresh reaches the frame.
 */
export function useChatLink(fromStatus: string | undefined): string {
  const [stored, setStored] = useState(() => readString('chat_link') ?? '');
  useEffect(() => {
    const timer = window.setInterval(
      () => setStored(readString('chat_link') ?? ''),
      chatLinkCheckMs,
    );
    return () => window.clearInterval(timer);
  }, []);
  return stored || fromStatus || '';
}
