import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readString, writeString } from '../../lib/storage';
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

/** The announcement popup: loads `/api/notice`, shows it by `shouldShowNotice`, and on demand. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const { data: notice = '' } = useQuery({
    queryKey: ['notice'],
    queryFn: fetchNotice,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [openedByBell, setOpenedByBell] = useState(false);
  /** The announcement closed during this visit, so it does not pop up again until it changes. */
  const [closed, setClosed] = useState<string | null>(null);
  const automatic = useMemo(() => {
    const memory = { seen: readString('notice'), dismissedOn: readString('notice_time') };
    return shouldShowNotice(notice, memory, localDay(new Date()));
  }, [notice]);
  const visible = openedByBell || (automatic && closed !== notice);

  const close = useCallback(
    (forToday: boolean) => {
      writeString('notice', notice);
      if (forToday) writeString('notice_time', localDay(new Date()));
      setClosed(notice);
      setOpenedByBell(false);
    },
    [notice],
  );

  const api = useMemo<NoticeApi>(
    () => ({ hasNotice: notice.trim() !== '', open: () => setOpenedByBell(true) }),
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
