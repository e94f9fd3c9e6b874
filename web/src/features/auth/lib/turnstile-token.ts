/**
 * The Turnstile token of the widget on screen, handed to the next guarded call (sign-in,
 * sign-up, code sending, reset) as `?turnstile=`. A token works once, so taking it asks the
 * widget for a fresh one.
 */
let current = '';
const consumedListeners = new Set<() => void>();

/** Stores the widget's latest token (empty when it expired). */
export function setTurnstileToken(token: string): void {
  current = token;
}

/** The token for one call (undefined when none), after which the widget is reset. */
export function takeTurnstileToken(): string | undefined {
  const token = current;
  current = '';
  if (token) for (const listener of consumedListeners) listener();
  return token || undefined;
}

/** Runs `listener` whenever a token has been used; returns the unsubscribe function. */
export function onTurnstileTokenTaken(listener: () => void): () => void {
  consumedListeners.add(listener);
  return () => consumedListeners.delete(listener);
}
