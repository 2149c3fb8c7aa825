import { isValidElement, type ReactElement } from 'react';
import { matchRoutes, Navigate } from 'react-router';
import { describe, expect, test } from 'vitest';
import { PlanCategoriesModal } from './plan-categories-modal';
import { SETTING_LIST_ROUTES, type SettingListPath } from './screens';

/** The element a path under `{list}/` renders (the deepest matching route), and its props. */
function screenOf(list: SettingListPath, path: string): { type: unknown; props: Record<string, unknown> } | undefined {
  const matches = matchRoutes(SETTING_LIST_ROUTES[list], path);
  const element = matches?.at(-1)?.route.element;
  if (!isValidElement(element)) return undefined;
  const { type, props } = element as ReactElement<Record<string, unknown>>;
  return { type, props };
}
const formOf = (list: SettingListPath, path: string) => {
  const screen = screenOf(list, path);
  return { mode: screen?.props.mode, listId: (screen?.props.def as { id?: string } | undefined)?.id };
};

describe('[SETTINGS][ROUTES] issue 16: no settings route renders blank or not found', () => {
  test("plans/categories, its create and update open the 'Xüsusi tariflər' modal with the form asked for", () => {
    expect(screenOf('plans', '/categories')).toMatchObject({ type: PlanCategoriesModal, props: {} });
    expect(screenOf('plans', '/categories/create')).toMatchObject({ type: PlanCategoriesModal, props: { mode: 'create' } });
    expect(screenOf('plans', '/categories/4/update')).toMatchObject({ type: PlanCategoriesModal, props: { mode: 'update' } });
    // a plan's own routes stay the plan's
    expect(formOf('plans', '/create')).toEqual({ mode: 'create', listId: 'plans' });
    expect(formOf('plans', '/31/update')).toEqual({ mode: 'update', listId: 'plans' });
  });

  test('countries/{id}/info is the country page; countries/{id} leads there', () => {
    expect(screenOf('countries', '/1/info')?.props.def).toMatchObject({ id: 'countries', layout: 'page' });
    expect(screenOf('countries', '/1')).toMatchObject({ type: Navigate, props: { to: 'info', replace: true } });
    expect(formOf('countries', '/1/update')).toEqual({ mode: 'update', listId: 'countries' });
  });

  test('currencies, models and statuses have their create and update forms', () => {
    expect(screenOf('currencies', '/')?.props.def).toMatchObject({ id: 'currencies' });
    expect(formOf('currencies', '/create')).toEqual({ mode: 'create', listId: 'currencies' });
    expect(formOf('currencies', '/2/update')).toEqual({ mode: 'update', listId: 'currencies' });
    expect(formOf('models', '/create')).toEqual({ mode: 'create', listId: 'models' });
    expect(formOf('status', '/9/update')).toEqual({ mode: 'update', listId: 'statuses' });
    expect(formOf('status', '/create')).toEqual({ mode: 'create', listId: 'statuses' });
  });
});
