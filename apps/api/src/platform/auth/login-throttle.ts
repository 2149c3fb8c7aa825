/**
 * Counts failed logins per account and per address in a sliding window. In memory: with several
 * api instances each counts its own (docs/operations.md); the limit still bounds guessing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly maxAttempts: number, private readonly windowMs: number) {}

  /** An address may fail more often than an account: an office shares one address. */
  isLocked(keys: string[], now = Date.now()): boolean {
    return keys.some((k) => this.recent(k, now).length >= (k.startsWith('ip:') ? this.maxAttempts * 5 : this.maxAttempts));
  }

  recordFailure(keys: string[], now = Date.now()): void {
    for (const k of keys) this.failures.set(k, [...this.recent(k, now), now]);
    if (this.failures.size > 50_000) this.prune(now);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [k] of this.failures) if (this.recent(k, now).length === 0) this.failures.delete(k);
  }
}
