import { describe, expect, test } from 'vitest';
import { parseDateRange } from '../../../shared/data-table/date-range';
import { balanceOperationsLink, branchDeclarationsLink, cashFlowLink, declarationsLink, ordersLink, statusChangesLink } from './landing-links';

const days = { from: '2026-11-01', to: '2026-11-27' };
const params = (link: string) => new URL(link, 'http://x').searchParams;

describe('[STATISTICS][LANDING] a number links to its list with the same filters', () => {
  test('declarations: the created range as the list reads it, and the widget\'s status, country, branch or customs flag', () => {
    const link = declarationsLink(days, { state_id: 9, country_id: 2 });
    expect(link.startsWith('/@next/declarations?')).toBe(true);
    expect(Object.fromEntries(params(link))).toEqual({ created: '2026-11-01~2026-11-27', state_id: '9', country_id: '2' });
    expect(parseDateRange(params(link).get('created')!)).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-27' });
    expect(Object.fromEntries(params(declarationsLink(days, { customs: 1 })))).toEqual({ created: '2026-11-01~2026-11-27', customs: '1' });
  });
  test('"in boxes" opens the list with in_box=1; a branch row its branch, the "no branch" row (0) has_branch=0, never branch_id=0', () => {
    expect(Object.fromEntries(params(declarationsLink(days, { in_box: 1 })))).toEqual({ created: '2026-11-01~2026-11-27', in_box: '1' });
    expect(Object.fromEntries(params(branchDeclarationsLink(days, '3')))).toEqual({ created: '2026-11-01~2026-11-27', branch_id: '3' });
    expect(Object.fromEntries(params(branchDeclarationsLink(days, '0')))).toEqual({ created: '2026-11-01~2026-11-27', has_branch: '0' });
    expect(Object.fromEntries(params(branchDeclarationsLink(days, 0)))).toEqual({ created: '2026-11-01~2026-11-27', has_branch: '0' });
  });
  test('arrivals and handovers: the status archive of declarations (model 2) reaching 9 or 10 in the range', () => {
    expect(statusChangesLink({ from: '2026-11-05', to: '2026-11-05' }, 9)).toBe('/@next/archive/state?model_id=2&state_id=9&created=2026-11-05%7E2026-11-05');
  });
  test('orders, cash flow and balance operations use their own lists\' filter names', () => {
    expect(Object.fromEntries(params(ordersLink(days, { state_id: 8 })))).toEqual({ created_at: '2026-11-01~2026-11-27', state_id: '8' });
    expect(cashFlowLink(days, 3, 2)).toBe('/@next/cash-flow/transactions?cashbox_id=3&operation=2&operation_date=2026-11-01%7E2026-11-27');
    expect(Object.fromEntries(params(balanceOperationsLink(days, 'USD', 1)))).toEqual({ created_at: '2026-11-01~2026-11-27', currency: 'USD', type: '1', state_id: '18' });
  });
});
