import type { Check } from '../../lib/shared-state.js';

/**
 * The admission checks a request gathers before it reserves (a key's rate limit, its level's
 * limits, its caps), each with the error that refuses it. They run together with the hold, in
 * one round trip to the shared state (`Billing.reserve`), rather than one round trip each.
 */
export class Gate {
  readonly checks: Check[] = [];
  private readonly refusals: Array<() => Error> = [];

  /** Adds a check, and the error that answers the request when it fails. */
  add(check: Check, refuse: () => Error): void {
    this.checks.push(check);
    this.refusals.push(refuse);
  }

  /** The error of the check at `index`. */
  refusal(index: number): Error {
    return this.refusals[index]!();
  }

  /** The keys of the slots the checks took (given back when the request ends). */
  slots(): string[] {
    return this.checks.filter((c) => c.kind === 'enter').map((c) => c.key);
  }
}

/** A request's gate (`RelayContext.gate`), made when its first check is added. */
export const gateOf = (rc: { gate: Gate | null }): Gate => (rc.gate ??= new Gate());
