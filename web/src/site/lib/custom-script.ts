/** Runs the site's custom JavaScript: plain script text, or HTML whose scripts are executed. */
export function runCustomScript(source: string): void {
  const text = source.trim();
  if (!text) return;
  if (!/<[a-z!/]/i.test(text)) {
    appendScript({ text });
    return;
  }
  const doc = new DOMParser().parseFromString(text, 'text/html');
  const holder = document.createElement('div');
  holder.id = 'custom-html';
  for (const node of [...doc.head.childNodes, ...doc.body.childNodes]) {
    if (node instanceof HTMLScriptElement) {
      appendScript({ text: node.text, src: node.src, type: node.type });
    } else {
      holder.appendChild(document.importNode(node, true));
    }
  }
  if (holder.childNodes.length > 0) document.body.appendChild(holder);
}

function appendScript({ text, src, type }: { text: string; src?: string; type?: string }): void {
  const script = document.createElement('script');
  if (type) script.type = type;
  if (src) script.src = src;
  else script.text = text;
  document.body.appendChild(script);
}

/** Appends (or replaces) the site's custom CSS as a style element. */
export function applyCustomCss(css: string): void {
  let style = document.getElementById('custom-css');
  if (!css.trim()) {
    style?.remove();
    return;
  }
  if (!style) {
    style = document.createElement('style');
    style.id = 'custom-css';
    document.head.appendChild(style);
  }
  style.textContent = css;
}
