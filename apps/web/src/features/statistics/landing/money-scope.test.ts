import { ROLE } from '@app/contract/roles';
import type { LandingMoneyReply } from '@app/contract/statistics-landing';
import { describe, expect, test } from 'vitest';
import { moneyPartsOf } from './money-scope';

const reply = (cash: boolean, balance: boolean): LandingMoneyReply => ({
  data: { range: { start_date: '2026-11-01', end_date: '2026-11-27' }, shown: { cash, balance }, registers: [], by_payment_type: [], balance: [] },
});

describe('landing money parts (spec §6: only for who may open their lists)', () => {
  test('the admin sees both; the warehouseman with stat only sees none', () => {
    expect(moneyPartsOf({ admin: ROLE.admin, permissions: [] })).toEqual({ cash: true, balance: true });
    expect(moneyPartsOf({ admin: ROLE.warehouseman, permissions: ['stat', 'local_warehouse'] })).toEqual({ cash: false, balance: false });
  });

  test('cashflow opens the registers and payment types, transactions the balance operations', () => {
    expect(moneyPartsOf({ admin: ROLE.backOffice, permissions: ['stat', 'cashflow'] })).toEqual({ cash: true, balance: false });
    expect(moneyPartsOf({ admin: ROLE.backOffice, permissions: ['stat', 'transactions'] })).toEqual({ cash: false, balance: true });
  });

  test('a part the server left out stays hidden; a partner sees none', () => {
    expect(moneyPartsOf({ admin: ROLE.backOffice, permissions: ['stat', 'cashflow', 'transactions'] }, reply(false, true))).toEqual({ cash: false, balance: true });
    expect(moneyPartsOf({ admin: ROLE.partner, permissions: ['cashflow', 'transactions'] })).toEqual({ cash: false, balance: false });
  });
});
