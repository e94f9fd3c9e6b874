import type {
  NotificationItem,
  NotificationPrefsInput,
  NotificationSettings,
  Page,
} from '@gateway/shared';
import { api } from '../../lib/api';

export const fetchNotificationSettings = () =>
  api.get<NotificationSettings>('/api/user/notification');

export const saveNotificationSettings = (prefs: NotificationPrefsInput) =>
  api.put<NotificationSettings>('/api/user/notification', prefs);

export const sendTestNotification = () => api.post<null>('/api/user/notification/test');

export const fetchNotificationHistory = (p: number, pageSize: number) =>
  api.get<Page<NotificationItem>>('/api/user/notification/history', {
    query: { p, page_size: pageSize },
  });
