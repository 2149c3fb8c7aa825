import type { ClientUserReply } from '@app/contract/auth';
import { describe, expect, test } from 'vitest';
import { toAuthUser } from './api';

const reply: ClientUserReply = {
  data: { id: 2, name: 'Tural', surname: 'Həsənov', user_name: 'Tural Həsənov', admin_branch_id: 1, admin: 2, delivery_point_id: null, email: 'anbar@example.az' },
  permissions: [
    { code_name: 'containers', name: 'Yeşiklər', model_id: 6 },
    { code_name: 'local_warehouse', name: 'Təhvil növbələri', model_id: 12 },
  ],
};

describe('[AUTH] toAuthUser: the wire user (issue 14) to the app model', () => {
  test('permissions arrive as objects with code_name; the app keeps the codes', () => {
    expect(toAuthUser(reply)).toEqual({
      id: 2, firstName: 'Tural', lastName: 'Həsənov', adminBranchId: 1, admin: 2, deliveryPointId: null, email: 'anbar@example.az',
      role: 'warehouseman', permissions: ['containers', 'local_warehouse'],
    });
  });

  test('a reply without a permission list gives no permissions', () => {
    expect(toAuthUser({ ...reply, permissions: undefined as unknown as ClientUserReply['permissions'] }).permissions).toEqual([]);
  });
});
