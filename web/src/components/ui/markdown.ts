import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Markdown (or HTML, which Markdown passes through) to sanitised HTML. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html);
}

/** Sanitised HTML, for administrator-provided snippets such as the custom footer. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/** Whether page content is an address to embed rather than text to render. */
export function isEmbedUrl(content: string): boolean {
  return /^https:\/\/\S+$/.test(content.trim());
}
