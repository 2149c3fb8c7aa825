import { describe, expect, test } from 'vitest';
import { LoginThrottle } from './login-throttle';

const limits = { perAccountAddress: 5, perAccount: 100, perAddress: 300, windowMs: 900_000, maxDelayMs: 60_000 };
const fail = (t: LoginThrottle, n: number, account: string, address: string, now: number) => {
  for (let i = 0; i < n; i++) t.recordFailure(account, address, now);
};

describe('[AUTH][THROTTLE] growing delays instead of a lock', () => {
  test('after five failures from an address each further failure doubles the wait, up to the cap', () => {
    const t = new LoginThrottle(limits);
    fail(t, 4, 'a@x.az', '1.1.1.1', 0);
    expect(t.waitFor('a@x.az', '1.1.1.1', 0).localMs).toBe(0);
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 9; i++) {
      t.recordFailure('a@x.az', '1.1.1.1', now);
      waits.push(t.waitFor('a@x.az', '1.1.1.1', now).localMs);
      now += waits.at(-1)!;
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    // Another address and another account are not slowed down.
    expect(t.waitFor('a@x.az', '2.2.2.2', now)).toEqual({ localMs: 0, accountMs: 0 });
    expect(t.waitFor('b@x.az', '1.1.1.1', now)).toEqual({ localMs: 0, accountMs: 0 });
  });

  test('failures older than the window are forgotten; a success forgives its own address only', () => {
    const t = new LoginThrottle(limits);
    fail(t, 5, 'a@x.az', '1.1.1.1', 0);
    expect(t.waitFor('a@x.az', '1.1.1.1', 500).localMs).toBe(500);
    expect(t.waitFor('a@x.az', '1.1.1.1', 900_000).localMs).toBe(0);
    fail(t, 5, 'a@x.az', '1.1.1.1', 1_000_000);
    t.recordSuccess('a@x.az', '1.1.1.1');
    expect(t.waitFor('a@x.az', '1.1.1.1', 1_000_000).localMs).toBe(0);
  });

  test('the account-wide and per-address slowdowns start only far above what one office produces', () => {
    const t = new LoginThrottle(limits);
    for (let a = 0; a < 99; a++) t.recordFailure('boss@x.az', `10.0.${a}.1`, 0);
    expect(t.waitFor('boss@x.az', '9.9.9.9', 0).accountMs).toBe(0);
    t.recordFailure('boss@x.az', '10.0.99.1', 0);
    expect(t.waitFor('boss@x.az', '9.9.9.9', 0)).toEqual({ localMs: 0, accountMs: 1000 });
    // 60 people behind one NAT each mistyping 4 times: nobody waits.
    for (let u = 0; u < 60; u++) fail(t, 4, `user${u}@x.az`, '5.5.5.5', 0);
    expect(t.waitFor('user0@x.az', '5.5.5.5', 0).localMs).toBe(0);
    fail(t, 60, 'x@x.az', '6.6.6.6', 0);
    for (let u = 0; u < 60; u++) fail(t, 4, `other${u}@x.az`, '6.6.6.6', 0);
    expect(t.waitFor('new@x.az', '6.6.6.6', 0).localMs).toBe(1000);
  });
});
