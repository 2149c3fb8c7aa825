import type { CustomsDeclarationListReply } from '@app/contract/customs';
import { az } from '@app/contract/texts/az';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CUSTOMS_ACTIONS } from '../../integrations/customs/protocol';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

/* Issue 16: the user detail page's "customs data" lists that user's customs records, not all of them. */

let ctx: TestContext;
let ofis: Record<string, string>; // back office: dgk_declarations
let owner: { user_id: number; n: number };
let allAtCustoms: number;

const rows = async <T>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute(query)).rows as T[];
const list = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/admin/customs?${query}`, headers: ofis });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomsDeclarationListReply;
};

beforeAll(async () => {
  ctx = await startTestApp();
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  // The customer with the most parcels at customs (our declaration of the parcel is theirs).
  [owner] = await rows<{ user_id: number; n: number }>(sql`
    select d.user_id, count(*)::int as n from customs_parcels cp
    join declarations d on d.track_code = cp.track_code and d.deleted_at is null
    where cp.removed_at is null and d.user_id is not null
    group by d.user_id order by n desc, d.user_id limit 1`) as [{ user_id: number; n: number }];
  [{ n: allAtCustoms }] = await rows<{ n: number }>(sql`select count(*)::int as n from customs_parcels where removed_at is null`) as [{ n: number }];
});
afterAll(() => ctx.close());

describe('[CUSTOMS][DECLARATIONS] GET /api/admin/customs?user_id= (the user\'s customs data)', () => {
  test('only that customer\'s records, the total and the counts theirs too', async () => {
    expect(owner.n).toBeGreaterThan(1);
    expect(allAtCustoms).toBeGreaterThan(owner.n);
    const all = await list('per_page=10');
    expect(all.total).toBe(allAtCustoms);
    const mine = await list(`user_id=${owner.user_id}&per_page=100`);
    expect(mine.total).toBe(owner.n);
    expect(mine.data).toHaveLength(owner.n);
    expect(new Set(mine.data.map((r) => r.user_id))).toEqual(new Set([owner.user_id]));
    expect(mine.counts.declared + mine.counts.undeclared).toBe(owner.n);
    expect(mine.counts.unknown).toBe(0);
  });

  test('a customer with nothing at customs gets an empty list, never everyone\'s', async () => {
    const [nobody] = await rows<{ id: number }>(sql`
      select u.id from users u where u.admin = 0 and not exists (
        select 1 from declarations d join customs_parcels cp on cp.track_code = d.track_code where d.user_id = u.id)
      order by u.id limit 1`);
    const empty = await list(`user_id=${nobody!.id}`);
    expect(empty.total).toBe(0);
    expect(empty.data).toEqual([]);
  });

  test('a user_id that is not an id is a 422, not the whole list', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/customs?user_id=abc', headers: ofis });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['user_id']);
  });
});

describe('[CUSTOMS][TASKS] every call the link makes has an Azerbaijani label (issue 16)', () => {
  test('each customs action code of the protocol is named in az.customsUi.actions', () => {
    const missing = CUSTOMS_ACTIONS.filter((code) => !az.customsUi.actions[code]);
    expect(missing).toEqual([]);
  });
});
