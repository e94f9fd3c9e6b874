import {
  Role,
  financeEvents,
  isLanguage,
  notificationPrefs,
  rootOnlyEvents,
  translate,
  type Language,
  type MessageId,
  type NotificationEvent,
  type NotificationPrefs,
} from '@gateway/shared';
import { systemName } from '../../config/settings/groups/general.js';
import type { NotifyContext } from './notify-context.js';
import {
  findPrefs,
  findUserIdsWithRole,
  insertNotification,
} from '../../db/queries/notifications.js';
import { findUserFields } from '../../db/queries/users.js';
import { findRoot } from '../../db/queries/users.js';
import { nowSeconds } from '../../lib/time.js';
import { readSmtpConfig } from '../email/smtp-config.js';
import { defaultEvents, toPrefs } from './prefs.js';

/** What to say: message ids of the title and the body, with their values. */
export interface NoticeText {
  title: MessageId;
  body: MessageId;
  params?: Record<string, string | number>;
  /** Values that are themselves messages, said in the user's language. */
  paramIds?: Record<string, MessageId>;
}

/** The user's settings, or the defaults (e-mail, the default events) when they chose none. */
async function prefsOf(ctx: NotifyContext, userId: number): Promise<NotificationPrefs> {
  const prefs = toPrefs(await findPrefs(ctx.db, userId));
  if (prefs) return prefs;
  return { ...notificationPrefs.parse({}), events: defaultEvents };
}

/**
 * Why e-mail alerts cannot reach a user now, when e-mail is their method: no address (bound
 * or given for notifications), or no SMTP server configured. Null when they can, or when the
 * user notifies by another method.
 */
export async function emailUnreachable(
  ctx: NotifyContext,
  userId: number,
): Promise<'notify_test_no_email' | 'notify_test_no_smtp' | null> {
  const prefs = await prefsOf(ctx, userId);
  if (prefs.method !== 'email') return null;
  const user = await findUserFields(ctx.db, userId, ['email']);
  if (!(prefs.email || user?.email)) return 'notify_test_no_email';
  return readSmtpConfig(ctx.settings) ? null : 'notify_test_no_smtp';
}

/**
 * Queues a notification for a user when they subscribed to the event (root-only events reach
 * only root; a `test` goes whatever they chose), in their language, by their method. The outbox delivers it in the background
 * and retries it; this never throws, so a notice never fails the work that raised it.
 */
export async function notifyUser(
  ctx: NotifyContext,
  userId: number,
  event: NotificationEvent | 'test',
  text: NoticeText,
): Promise<void> {
  try {
    const user = await findUserFields(ctx.db, userId, ['role', 'email', 'language']);
    if (!user) return;
    if (event !== 'test' && rootOnlyEvents.includes(event) && user.role < Role.root) return;
    if (event !== 'test' && financeEvents.includes(event) && user.role < Role.finance) return;
    const prefs = await prefsOf(ctx, userId);
    if (event !== 'test' && !prefs.events.includes(event)) return;
    // E-mail needs an address and a configured SMTP server; without them nothing is queued.
    if (
      prefs.method === 'email' &&
      (!(prefs.email || user.email) || !readSmtpConfig(ctx.settings))
    ) {
      return;
    }
    const language: Language = isLanguage(user.language) ? user.language : 'en';
    const said = Object.entries(text.paramIds ?? {}).map(([k, id]) => [k, translate(language, id)]);
    const params = {
      system: ctx.settings.get(systemName),
      ...text.params,
      ...Object.fromEntries(said),
    };
    const now = nowSeconds();
    await insertNotification(ctx.db, {
      user_id: userId,
      event,
      method: prefs.method,
      title: translate(language, text.title, params).slice(0, 255),
      content: translate(language, text.body, params),
      next_attempt_at: now,
      created_at: now,
    });
    ctx.notifications.kick();
  } catch (error) {
    ctx.log.error({ userId, event, error: String(error) }, 'notification could not be queued');
  }
}

/** Queues a notification for every enabled user of at least `role` (staff incidents). */
export async function notifyRole(
  ctx: NotifyContext,
  role: number,
  event: NotificationEvent,
  text: NoticeText,
): Promise<void> {
  const ids = await findUserIdsWithRole(ctx.db, role).catch(() => []);
  for (const id of ids) await notifyUser(ctx, id, event, text);
}

/** Queues a notification for root (channel changes, withdrawal requests). */
export async function notifyRootUser(
  ctx: NotifyContext,
  event: NotificationEvent,
  text: NoticeText,
): Promise<void> {
  const root = await findRoot(ctx.db).catch(() => undefined);
  if (root) await notifyUser(ctx, root.id, event, text);
}
