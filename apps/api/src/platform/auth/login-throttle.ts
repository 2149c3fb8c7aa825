export interface ThrottleLimits {
  /** Failures of one account from one address before its tries are delayed. */
  perAccountAddress: number;
  /** Failures of one account from all addresses before addresses it never signed in from are delayed too. */
  perAccount: number;
  /** Failures from one address over all accounts (an office behind one NAT shares it). */
  perAddress: number;
  windowMs: number;
  maxDelayMs: number;
}

/** How long a login try has to wait; 0 when it may go ahead. */
export interface LoginWait {
  /** From this account and address, or from this address as a whole. */
  localMs: number;
  /** Account-wide: applies only to addresses that never signed in to the account. */
  accountMs: number;
}

const MAX_KEYS = 50_000;

/**
 * Slows guessing down instead of locking accounts (OWASP ASVS V2.2): failures are counted per
 * (account, address), per account and per address in a sliding window; past a scope's limit every
 * further try waits 1, 2, 4 … s (up to maxDelayMs) after that scope's last failure. Nothing is locked,
 * so a user on another address still signs in while the account is being attacked from one.
 * In memory: with several api instances each counts its own (docs/operations.md).
 */
export class LoginThrottle {
  /** Failure times per key, oldest first. */
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits) {}

  waitFor(account: string, address: string, now = Date.now()): LoginWait {
    const { perAccountAddress, perAccount, perAddress } = this.limits;
    const localMs = Math.max(
      this.delay(pairKey(account, address), perAccountAddress, now),
      this.delay(`ip:${address}`, perAddress, now),
    );
    return { localMs, accountMs: this.delay(`account:${account}`, perAccount, now) };
  }

  recordFailure(account: string, address: string, now = Date.now()): void {
    for (const key of [pairKey(account, address), `account:${account}`, `ip:${address}`]) {
      const times = this.recent(key, now);
      times.push(now);
      // The count only has to reach the limits plus the doubling steps to the cap.
      if (times.length > 2_000) times.shift();
      this.failures.set(key, times);
    }
    if (this.failures.size > MAX_KEYS) this.prune(now);
  }

  /** A correct password from this address: its own failures are forgiven, not the account's. */
  recordSuccess(account: string, address: string): void {
    this.failures.delete(pairKey(account, address));
  }

  private delay(key: string, limit: number, now: number): number {
    const times = this.recent(key, now);
    const count = times.length;
    if (count < limit) return 0;
    const last = times[count - 1]!;
    const step = Math.min(this.limits.maxDelayMs, 1000 * 2 ** Math.min(count - limit, 30));
    return Math.max(0, last + step - now);
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key) ?? [];
    const from = times.findIndex((t) => now - t < this.limits.windowMs);
    return from === -1 ? [] : times.slice(from);
  }

  private prune(now: number): void {
    for (const [key] of this.failures) if (this.recent(key, now).length === 0) this.failures.delete(key);
  }
}

function pairKey(account: string, address: string): string {
  return `pair:${account}\n${address}`;
}
