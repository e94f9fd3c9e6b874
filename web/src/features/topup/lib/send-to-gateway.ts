import type { PayStart } from '@gateway/shared';

/**
 * Sends the browser on to the payment gateway in a new tab: a hidden form posted to it (EPay
 * and the like) or a plain link (hosted checkout pages).
 */
export function sendToGateway(action: PayStart['action']): void {
  if (action.kind === 'redirect') {
    window.open(action.url, '_blank', 'noopener');
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action.url;
  form.target = '_blank';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(action.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
