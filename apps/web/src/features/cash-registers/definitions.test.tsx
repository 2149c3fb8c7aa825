import { isValidElement, type ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { FieldContext, FieldSpec, FormValues } from '../../shared/resource/types';
import { cashCategoryDefinition, cashRegisterDefinition } from './definitions';
import { cashCategoryRoutes, cashRegisterRoutes } from './routes';

const ctxOf = (mode: 'create' | 'update', values: FormValues) => ({ mode, values, form: {} }) as unknown as FieldContext;
/** The fields a form shows for these values, with whether each is disabled. */
function shown(fields: readonly FieldSpec[], mode: 'create' | 'update', values: FormValues) {
  const ctx = ctxOf(mode, values);
  return fields.filter((f) => !f.isHidden?.(ctx)).map((f) => ({ name: f.name, isDisabled: Boolean(f.isReadOnly || f.isDisabled?.(ctx)), hasHint: Boolean(f.extra) }));
}

describe('[CASH-REGISTERS][WEB] register form', () => {
  const fields = cashRegisterDefinition.fields as unknown as readonly FieldSpec[];

  test('create: name, initial amount and currency are all editable', () => {
    expect(shown(fields, 'create', { amount: '0' })).toEqual([
      { name: 'cashbox_name', isDisabled: false, hasHint: false },
      { name: 'amount', isDisabled: false, hasHint: true },
      { name: 'currency_id', isDisabled: false, hasHint: false },
    ]);
  });

  test('edit (spec §5): the initial amount is locked with its reason; the currency too once the register has entries', () => {
    expect(shown(fields, 'update', { has_entries: false })).toEqual([
      { name: 'cashbox_name', isDisabled: false, hasHint: false },
      { name: 'amount', isDisabled: true, hasHint: true },
      { name: 'currency_id', isDisabled: false, hasHint: false },
    ]);
    expect(shown(fields, 'update', { has_entries: true }).find((f) => f.name === 'currency_id')).toEqual({ name: 'currency_id', isDisabled: true, hasHint: true });
  });

  test('what the form sends: never has_entries (local)', () => {
    expect(fields.filter((f) => f.isLocal).map((f) => f.name)).toEqual(['has_entries']);
  });
});

describe('[CASH-CATEGORIES][WEB] category form', () => {
  test('the parent select leaves out the edited category', () => {
    const parent = (cashCategoryDefinition.fields as unknown as readonly FieldSpec[]).find((f) => f.name === 'parent_id')!;
    const all = { parents: [{ value: 1, label: 'Kommunal' }, { value: 3, label: 'Maaşlar' }] };
    const options = parent.options as (ctx: FieldContext, all: Record<string, readonly { value: number | string; label: string }[]>) => unknown;
    expect(options(ctxOf('update', { self_id: 3 }), all)).toEqual([{ value: 1, label: 'Kommunal' }]);
    expect(options(ctxOf('create', {}), all)).toEqual(all.parents);
  });
});

/** The deepest element a path renders, and its props. */
function screenOf(routes: Parameters<typeof matchRoutes>[0], path: string) {
  const element = matchRoutes(routes, path)?.at(-1)?.route.element;
  if (!isValidElement(element)) return undefined;
  return (element as ReactElement<Record<string, unknown>>).props;
}

describe('[CASH-REGISTERS][ROUTES] the paths M3\'s section shell mounts', () => {
  test('cash-flow/cash-registers with create and {id}/update; cash-flow/operations likewise', () => {
    expect(matchRoutes(cashRegisterRoutes, '/cash-flow/cash-registers')).not.toBeNull();
    expect(screenOf(cashRegisterRoutes, '/cash-flow/cash-registers/create')).toMatchObject({ mode: 'create' });
    // update routes take digits only (the rest is a section not built)
    const update = screenOf(cashRegisterRoutes, '/cash-flow/cash-registers/7/update');
    expect(isValidElement(update?.children) && (update.children as ReactElement<{ mode: string }>).props.mode).toBe('update');
    expect(matchRoutes(cashCategoryRoutes, '/cash-flow/operations')).not.toBeNull();
    expect(screenOf(cashCategoryRoutes, '/cash-flow/operations/create')).toMatchObject({ mode: 'create' });
    expect(matchRoutes(cashCategoryRoutes, '/cash-flow/operations/4/update')).not.toBeNull();
  });
});
