import type { UserDetail, UserDetailReply } from '@app/contract/users';

/** client/user keeps the customer in `data` and the money, cashback and discounts at the root; the screens read one object. */
export type UserView = UserDetail & Omit<UserDetailReply, 'data'>;

export function toUserView(reply: UserDetailReply): UserView {
  const { data, ...root } = reply;
  return { ...data, ...root };
}
