import type { HandoverListReply, HandoverTaskDetail } from '@app/contract/warehouse';
import { az } from '@app/contract/texts/az';
import { describe, expect, test } from 'vitest';
import { toQueueView, toTaskDetailView } from './handover-view';

const task = {
  id: 7, turn: 2, state_id: 41, state_name: 'Gözləyir', user_id: 100023, user_code: 'C100023', user_name: 'Aysel Əliyeva',
  cashier_id: 0, cashier_name: '', branch_id: 1, branch_name: 'Gənclik', created_at: '2026-11-20 14:05:31', count: 2,
  packages: { small_package: 1, medium_package: 0, big_package: 0 },
};

describe('[WAREHOUSE][HANDOVER] queue view models', () => {
  test('an entry nobody started (cashier 0, name \'\') has no cashier; a started one shows its cashier; active ids from param', () => {
    const reply: HandoverListReply = {
      data: [
        { ...task, declarations: [{ declaration_id: 1, track_code: 'TR1', wardrobe_number: '', container_id: 58, container_name: 'TR-058' }] },
        { ...task, id: 8, state_id: 42, cashier_id: 12, cashier_name: 'Kamran Quliyev', declarations: [] },
      ],
      total: 2,
      param: [{ id: 8 }],
    };
    const view = toQueueView(reply);
    expect(view.data[0]!.cashier).toBeNull();
    expect(view.data[1]!.cashier).toEqual({ id: 12, fullName: 'Kamran Quliyev' });
    expect(view.data[0]!.boxes).toEqual([{ id: 58, name: 'TR-058', items: 1, declarations: [1] }]);
    expect(view.active).toEqual([8]);
  });

  test('a parcel\'s empty texts (\'\' on the wire) read as none; parcels without a box group under "other"', () => {
    const detail: HandoverTaskDetail = {
      ...task,
      declarations: [{
        declaration_id: 1, track_code: 'TR1', global_track_code: '', weight: '1.250', quantity: 1, basket_id: null, basket_name: null,
        country_id: 1, country_name: 'Türkiyə', state_id: 9, state_name: 'Yerli anbarda', product_type_id: null, product_type_name: null,
        shop_name: '', container_id: null, container_name: null, wardrobe_number: '', trendyol: 0, partner_id: null,
      }],
    };
    const view = toTaskDetailView(detail);
    expect(view.declarations[0]).toMatchObject({ globalTrackCode: null, shop: null, wardrobeNumber: null, box: null, weight: '1.250' });
    expect(view.boxes).toEqual([{ id: null, name: az.warehouse.other, items: 1, declarations: [1] }]);
  });
});
