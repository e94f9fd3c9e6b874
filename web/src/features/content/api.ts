import type { FaqItem } from '@gateway/shared';
import { apiGet } from '../../lib/api';

/** `GET /api/home_page_content`: Markdown, HTML or an https URL; empty for the default home. */
export const fetchHomeContent = () => apiGet<string>('/api/home_page_content');

/** `GET /api/about`: Markdown, HTML or an https URL. */
export const fetchAbout = () => apiGet<string>('/api/about');

/** `GET /api/faq`: the questions and answers. */
export const fetchFaq = () => apiGet<FaqItem[]>('/api/faq');
