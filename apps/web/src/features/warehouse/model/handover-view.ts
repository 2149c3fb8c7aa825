import type { HandoverListDeclaration, HandoverListReply, HandoverTask, HandoverTaskDetail } from '@app/contract/warehouse';
import { az } from '@app/contract/texts/az';

/*
 * View models of the handover screens, mapped from the flat wire rows (issue 14) inside the feature:
 * the cards read a task's status, customer, cashier and its parcels grouped by box.
 */

export interface BoxGroup { id: number | null; name: string; items: number; declarations: number[] }
export interface HandoverDeclarationView {
  id: number;
  trackCode: string;
  globalTrackCode: string | null;
  weight: string | null;
  productType: { id: number; name: string } | null;
  shop: string | null;
  box: { id: number; name: string } | null;
  wardrobeNumber: string | null;
}
export interface HandoverTaskView {
  id: number;
  turn: number;
  status: { id: number; name: string };
  user: { id: number; code: string | null; fullName: string };
  cashier: { id: number; fullName: string } | null;
  branch: { id: number; name: string } | null;
  createdAt: string;
  count: number;
  boxes: BoxGroup[];
  packages: { smallPackage: number; mediumPackage: number; bigPackage: number };
}
export interface HandoverTaskDetailView extends HandoverTaskView { declarations: HandoverDeclarationView[] }
export interface HandoverQueueView { data: HandoverTaskView[]; total: number; active: number[] }

/** Parcels grouped by box, 'Digər' for none (in the order the server sorted them: by box name, no box last). */
function groupByBox(rows: readonly Pick<HandoverListDeclaration, 'declaration_id' | 'container_id' | 'container_name'>[]): BoxGroup[] {
  const groups = new Map<number | null, BoxGroup>();
  for (const d of rows) {
    const key = d.container_id ?? null;
    const group = groups.get(key) ?? { id: key, name: d.container_name ?? az.warehouse.other, items: 0, declarations: [] };
    group.items += 1;
    group.declarations.push(d.declaration_id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function toTaskView(t: Omit<HandoverTask, 'declarations'>, rows: readonly Pick<HandoverListDeclaration, 'declaration_id' | 'container_id' | 'container_name'>[]): HandoverTaskView {
  return {
    id: t.id,
    turn: t.turn,
    status: { id: t.state_id, name: t.state_name },
    user: { id: t.user_id, code: t.user_code, fullName: t.user_name },
    // An entry nobody has started has cashier 0 ('' name).
    cashier: t.cashier_id === 0 ? null : { id: t.cashier_id, fullName: t.cashier_name },
    branch: t.branch_id === null ? null : { id: t.branch_id, name: t.branch_name ?? '' },
    createdAt: t.created_at,
    count: t.count,
    boxes: groupByBox(rows),
    packages: { smallPackage: t.packages.small_package, mediumPackage: t.packages.medium_package, bigPackage: t.packages.big_package },
  };
}

export function toQueueView(reply: HandoverListReply): HandoverQueueView {
  return { data: reply.data.map((t) => toTaskView(t, t.declarations)), total: reply.total, active: (reply.param ?? []).map((p) => p.id) };
}

export function toTaskDetailView(t: HandoverTaskDetail): HandoverTaskDetailView {
  return {
    ...toTaskView(t, t.declarations),
    declarations: t.declarations.map((d) => ({
      id: d.declaration_id,
      trackCode: d.track_code,
      // The wire sends '' for none.
      globalTrackCode: d.global_track_code || null,
      weight: d.weight,
      productType: d.product_type_id === null ? null : { id: d.product_type_id, name: d.product_type_name ?? '' },
      shop: d.shop_name || null,
      box: d.container_id === null ? null : { id: d.container_id, name: d.container_name ?? '' },
      wardrobeNumber: d.wardrobe_number || null,
    })),
  };
}
