import { az } from '@app/contract/texts/az';
import { ZUserCreateForm, ZUserUpdateForm } from '@app/contract/users';
import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { listFieldIssues } from '../../../shared/form/zod-rule';
import { buildCreateDefaults, toUserWireForm } from './user-form';

const TODAY = dayjs('2025-03-15T10:00:00');

describe('[USERS][FORM] spec §5 create defaults', () => {
  test('male, branch 1, born 20 years ago, no e-mail and no SMS', () => {
    const values = buildCreateDefaults(TODAY);
    expect(values.gender).toBe('male');
    expect(values.branch_id).toBe(1);
    expect(values.birth_date?.format('YYYY-MM-DD')).toBe('2005-03-15');
    expect(values.send_mail).toBe(false);
    expect(values.send_sms).toBe(false);
    expect(values.admin).toBe(0);
  });

  test('a list of one role creates staff of that role', () => {
    expect(buildCreateDefaults(TODAY, 2).admin).toBe(2);
  });
});

describe('[USERS][FORM] validation by the contract schema', () => {
  const filled = { ...buildCreateDefaults(TODAY), name: 'Aysel', surname: 'Əliyeva', email: 'aysel@example.az', password: 'Parol2025', password_confirmation: 'Parol2025' };

  test('a complete form passes, with the defaults on the wire', () => {
    const wire = toUserWireForm(filled);
    expect(listFieldIssues(ZUserCreateForm, wire)).toEqual({});
    expect(wire).toMatchObject({ gender: 'male', branch_id: 1, birth_date: '2005-03-15', send_mail: false, send_sms: false });
  });

  test('empty names, a wrong e-mail, a weak or mismatched password are refused in Azerbaijani', () => {
    const issues = listFieldIssues(ZUserCreateForm, toUserWireForm({ ...filled, name: ' ', email: 'yanlis', password: 'abc', password_confirmation: 'abd' }));
    expect(issues).toEqual({
      name: az.errors.required,
      email: az.errors.invalidEmail,
      password: az.users.passwordWeak,
      password_confirmation: az.users.passwordMismatch,
    });
  });

  test('on update a blank password is left out (kept), a typed one must be confirmed', () => {
    const kept = toUserWireForm({ ...filled, password: '', password_confirmation: '' }, 7);
    expect(kept).not.toHaveProperty('password');
    expect(listFieldIssues(ZUserUpdateForm, kept)).toEqual({});
    const changed = toUserWireForm({ ...filled, password: 'Yeni2025x', password_confirmation: 'Basqa2025x' }, 7);
    expect(listFieldIssues(ZUserUpdateForm, changed)).toEqual({ password_confirmation: az.users.passwordMismatch });
  });
});
