import { DeliveryError, type Sender } from './message.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** E-mail to the address in the settings, else the account's. */
export const sendEmail: Sender = async (ctx, to, message) => {
  const address = to.prefs.email || to.accountEmail;
  if (!address) throw new DeliveryError('no e-mail address');
  await ctx.mail.send({
    to: address,
    subject: message.title,
    html: `<!doctype html><html><body style="font-family:sans-serif;font-size:14px"><p>${escapeHtml(message.content).replace(/\n/g, '<br>')}</p></body></html>`,
    text: `${message.content}\n`,
  });
};
