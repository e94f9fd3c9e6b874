import { api } from '../../lib/api';

/** `GET /api/guide`: the activity-benefits guide (Markdown, HTML, a URL or JSON); empty = none. */
export const fetchGuide = () => api.get<string>('/api/guide', { silent: true });
