import { describe, expect, it, vi } from 'vitest';
import { onTurnstileTokenTaken, setTurnstileToken, takeTurnstileToken } from './turnstile-token';

describe('turnstile token store', () => {
  it('hands a token out once and asks the widget for a new one', () => {
    const reset = vi.fn();
    const stop = onTurnstileTokenTaken(reset);
    expect(takeTurnstileToken()).toBeUndefined();
    expect(reset).not.toHaveBeenCalled();
    setTurnstileToken('token-1');
    expect(takeTurnstileToken()).toBe('token-1');
    expect(reset).toHaveBeenCalledTimes(1);
    expect(takeTurnstileToken()).toBeUndefined();
    stop();
    setTurnstileToken('token-2');
    takeTurnstileToken();
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
