import { api } from '../../lib/api';

/** `POST /api/option/test_mail`: sends a test mail with the saved SMTP settings. */
export const sendTestMail = (to: string) => api.post<null>('/api/option/test_mail', { to });
