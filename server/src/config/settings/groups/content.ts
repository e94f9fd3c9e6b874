import { faqItem } from '@gateway/shared';
import { z } from 'zod';
import { json, text } from '../define.js';

/** Announcement (Markdown) shown in the popup and behind the bell. */
export const notice = text('Notice', '');
/** About page: Markdown, HTML, or a URL to embed. */
export const about = text('About', '');
/** Home page: Markdown, HTML, or a URL to embed; empty shows the default home. */
export const homePageContent = text('HomePageContent', '');
/** CSS appended to every console page. */
export const customCss = text('CustomCSS', '');
/** HTML or script run on every console page. */
export const customJavaScript = text('CustomJavaScript', '');
/** Activity-benefits guide (/guide): Markdown or JSON, as the console renders it. */
export const guide = text('Guide', '');
/** Frequently asked questions, a JSON list of `{question, answer}`. */
export const faq = json('FAQ', z.array(faqItem), []);
