import { DATE_FORMAT } from '@app/contract/common-constants';
import { ROLE } from '@app/contract/roles';
import type { Gender, UserDetail } from '@app/contract/users';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormValue } from '../../../shared/http/http-client';

/** What the user form holds (antd field values; the birth date as a picker value). */
export interface UserFormValues {
  name: string;
  surname: string;
  email: string;
  gender: Gender;
  send_mail: boolean;
  send_sms: boolean;
  phone: string;
  address: string;
  branch_id: number | null;
  birth_date: Dayjs | null;
  passport_number: string;
  passport_secret: string;
  admin: number;
  password: string;
  password_confirmation: string;
}

/** spec §5 "User create defaults": male, branch 1, born 20 years ago, no e-mail and no SMS. */
export const DEFAULT_BRANCH_ID = 1;
export const DEFAULT_AGE_YEARS = 20;

export function buildCreateDefaults(today: Dayjs = dayjs(), role: number = ROLE.client): UserFormValues {
  return {
    name: '',
    surname: '',
    email: '',
    gender: 'male',
    send_mail: false,
    send_sms: false,
    phone: '',
    address: '',
    branch_id: DEFAULT_BRANCH_ID,
    birth_date: today.subtract(DEFAULT_AGE_YEARS, 'year').startOf('day'),
    passport_number: '',
    passport_secret: '',
    admin: role,
    password: '',
    password_confirmation: '',
  };
}

/** The edit form starts from the user as saved; the password stays blank (kept unless typed). */
export function buildEditValues(user: UserDetail): UserFormValues {
  return {
    name: user.name,
    surname: user.surname,
    email: user.email ?? '',
    gender: user.gender ?? 'male',
    send_mail: user.send_mail === 1,
    send_sms: user.send_sms === 1,
    phone: user.number ?? '',
    address: user.address ?? '',
    branch_id: user.branch_id,
    birth_date: user.birth_date ? dayjs(user.birth_date) : null,
    passport_number: user.passport_number ?? '',
    passport_secret: user.passport_secret ?? '',
    admin: user.admin,
    password: '',
    password_confirmation: '',
  };
}

/**
 * Form values → the wire form of client/create and client/update. On update a blank password is
 * left out (the current one is kept); on create it is always sent so the server can refuse it.
 */
export function toUserWireForm(values: Partial<UserFormValues>, userId?: number): Record<string, FormValue> {
  const isUpdate = userId !== undefined;
  const form: Record<string, FormValue> = {
    name: values.name?.trim() ?? '',
    surname: values.surname?.trim() ?? '',
    email: values.email?.trim() ?? '',
    gender: values.gender,
    send_mail: values.send_mail ?? false,
    send_sms: values.send_sms ?? false,
    phone: values.phone?.trim() ?? '',
    address: values.address?.trim() ?? '',
    branch_id: values.branch_id ?? '',
    birth_date: values.birth_date ? values.birth_date.format(DATE_FORMAT) : '',
    passport_number: values.passport_number?.trim() ?? '',
    passport_secret: values.passport_secret?.trim() ?? '',
    admin: values.admin,
  };
  if (isUpdate) {
    form.user_id = userId;
    if (values.password) {
      form.password = values.password;
      form.password_confirmation = values.password_confirmation ?? '';
    }
  } else {
    form.password = values.password ?? '';
    form.password_confirmation = values.password_confirmation ?? '';
  }
  return form;
}
