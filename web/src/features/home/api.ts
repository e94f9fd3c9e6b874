import type { FaqItem } from '@gateway/shared';
import { api } from '../../lib/api';

/** `GET /api/home_page_content`: Markdown, HTML or an https URL; empty for the default page. */
export const fetchHomeContent = () => api.get<string>('/api/home_page_content');

/** `GET /api/about`: Markdown, HTML or an https URL. */
export const fetchAbout = () => api.get<string>('/api/about');

/** `GET /api/faq`: the questions and answers. */
export const fetchFaq = () => api.get<FaqItem[]>('/api/faq');
