/** Sets `<meta name=…>` content, creating the tag when missing. */
export function setMeta(name: string, content: string): void {
  let tag = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Runs the administrator's custom JavaScript: either plain script text or HTML with
 * `<script>` tags (inline or `src`). Returns a cleanup that removes the inserted nodes.
 */
export function runCustomScript(source: string): () => void {
  const holder = document.createElement('div');
  holder.dataset.custom = 'javascript';
  holder.style.display = 'contents';
  const looksLikeHtml = /^\s*</.test(source);
  if (!looksLikeHtml) {
    const script = document.createElement('script');
    script.textContent = source;
    holder.appendChild(script);
  } else {
    const template = document.createElement('template');
    template.innerHTML = source;
    for (const node of Array.from(template.content.childNodes)) {
      if (node instanceof HTMLScriptElement) {
        // Scripts parsed through innerHTML never run; re-create them so they do.
        const script = document.createElement('script');
        for (const attr of Array.from(node.attributes)) script.setAttribute(attr.name, attr.value);
        script.textContent = node.textContent;
        holder.appendChild(script);
      } else {
        holder.appendChild(node);
      }
    }
  }
  document.body.appendChild(holder);
  return () => holder.remove();
}
