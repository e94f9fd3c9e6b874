import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readString, writeString } from '../../../lib/storage';
import { fetchNotice } from '../api';
import { localDay, shouldShowNotice } from '../lib/notice-rule';
import { NoticeModal } from './NoticeModal';

interface NoticeApi {
  /** Whether there is an announcement to show. */
  hasNotice: boolean;
  /** Opens the announcement (the header bell). */
  open: () => void;
}

const NoticeContext = createContext<NoticeApi>({ hasNotice: false, open: () => undefined });

/** The announcement popup: loads `/api/notice`, shows it by the spec rule, and on demand. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const { data: notice = '' } = useQuery({
    queryKey: ['notice'],
    queryFn: fetchNotice,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const memory = { seen: readString('notice'), dismissedOn: readString('notice_time') };
    if (shouldShowNotice(notice, memory, localDay(new Date()))) setVisible(true);
  }, [notice]);

  const close = useCallback(
    (forToday: boolean) => {
      writeString('notice', notice);
      if (forToday) writeString('notice_time', localDay(new Date()));
      setVisible(false);
    },
    [notice],
  );

  const api = useMemo<NoticeApi>(
    () => ({ hasNotice: notice.trim() !== '', open: () => setVisible(true) }),
    [notice],
  );

  return (
    <NoticeContext.Provider value={api}>
      {children}
      <NoticeModal content={notice} open={visible} onClose={close} />
    </NoticeContext.Provider>
  );
}

/** The announcement controls for the header bell. */
export const useNotice = (): NoticeApi => useContext(NoticeContext);
