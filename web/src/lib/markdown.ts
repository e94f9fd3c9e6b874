import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Markdown (or HTML, which Markdown passes through) as sanitised HTML. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/** Sanitised HTML (custom footer and similar admin-provided snippets). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/** Whether page content is an https address to show in a frame instead of as text. */
export function isFrameUrl(content: string): boolean {
  return /^https:\/\/\S+$/.test(content.trim());
}
