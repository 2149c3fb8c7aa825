import type { SortingListReply } from '@app/contract/declaration-workflow';
import type { SortingCreateReply } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { flights } from '../../db/schema/flights';
import { auditLog } from '../../db/schema/platform';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

const t = az.flightFilesUi;
let ctx: TestContext;
let anbar: Record<string, string>;
let ofis: Record<string, string>;
let flightId: number;
/** The test flight's parcels: branch 1 (G, Gənclik), branch 4 (GC, Gəncə), no branch. */
let p1: { id: number; trackCode: string; globalTrackCode: string | null };
let p2: { id: number; trackCode: string };
let p3: { id: number; trackCode: string };
let elsewhere: { trackCode: string; flight: string };
let unflown: { trackCode: string };

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 300 });
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  const db = ctx.database.db;
  const [flight] = await db.insert(flights).values({ name: 'Çeşidləmə testi', countryId: 1, statusId: 30 }).returning({ id: flights.id });
  flightId = flight!.id;
  const picked = await db.select({ id: declarations.id, trackCode: declarations.trackCode, globalTrackCode: declarations.globalTrackCode })
    .from(declarations).where(and(isNull(declarations.deletedAt), isNotNull(declarations.globalTrackCode))).orderBy(asc(declarations.id)).limit(3);
  const branchOf = [1, 4, null];
  for (const [i, p] of picked.entries()) await db.update(declarations).set({ flightId, branchId: branchOf[i] }).where(eq(declarations.id, p.id));
  [p1, p2, p3] = picked as [typeof p1, typeof p2, typeof p3];
  const [other] = await db.select({ trackCode: declarations.trackCode, flight: flights.name }).from(declarations)
    .innerJoin(flights, eq(flights.id, declarations.flightId))
    .where(and(isNull(declarations.deletedAt), ne(declarations.flightId, flightId))).limit(1);
  elsewhere = other!;
  const [none] = await db.select({ trackCode: declarations.trackCode }).from(declarations).where(and(isNull(declarations.deletedAt), isNull(declarations.flightId))).limit(1);
  unflown = none!;
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const list = async (path: 'list' | 'nonsorted_declarations', query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/sorting/${path}?flight_id=${flightId}${query}`, headers: anbar });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SortingListReply;
};
const scan = (trackCode: string, headers = anbar, flight = flightId) => postForm(ctx.app, '/api/admin/sorting/create', headers, { flight_id: flight, track_code: trackCode });

describe('[SORTING] branch sorting of a flight', () => {
  test('list: every parcel of the flight with its branch sorting letter and branch name, not sorted yet', async () => {
    const reply = await list('list', '&sort_column=id&sort_order=asc');
    expect(reply.total).toBe(3);
    expect(reply.data).toMatchObject([
      { id: p1.id, declaration_id: p1.id, track_code: p1.trackCode, code: 'G', code_text: 'Gənclik filialı', branch_name: 'Gənclik filialı', sorted_at: null },
      { id: p2.id, declaration_id: p2.id, track_code: p2.trackCode, code: 'GC', code_text: 'Gəncə filialı', branch_name: 'Gəncə filialı', sorted_at: null },
      { id: p3.id, declaration_id: p3.id, track_code: p3.trackCode, code: null, code_text: null, branch_id: null, branch_name: null, sorted_at: null },
    ]);
    expect(reply.data.every((r) => typeof r.user_id === 'number' && typeof r.user_name === 'string')).toBe(true);
    expect((await list('nonsorted_declarations')).total).toBe(3);
  });

  test('a scan sorts the parcel and answers its code; a second scan changes nothing; the lists follow', async () => {
    const first = await scan(p1.trackCode);
    expect(first.statusCode, first.body).toBe(200);
    const reply = first.json() as SortingCreateReply;
    expect(reply.data).toMatchObject({ id: p1.id, track_code: p1.trackCode, code: 'G', code_text: 'Gənclik filialı', already: false });
    expect(reply.id).toBe(p1.id);
    expect(reply.data.sorted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(reply.message).toBe(fill(t.sorted, { CODE: 'G (Gənclik filialı)' }));

    const again = (await scan(p1.trackCode)).json() as SortingCreateReply;
    expect(again.data).toMatchObject({ code: 'G', already: true, sorted_at: reply.data.sorted_at });
    expect(again.message).toBe(fill(t.alreadySorted, { CODE: 'G (Gənclik filialı)' }));

    const all = await list('list');
    expect(all.data.find((r) => r.id === p1.id)?.sorted_at).toBe(reply.data.sorted_at);
    const rest = await list('nonsorted_declarations', '&sort_column=id&sort_order=asc');
    expect(rest.total).toBe(2);
    expect(rest.data.map((r) => r.id)).toEqual([p2.id, p3.id]);

    const audit = await ctx.database.db.select({ action: auditLog.action }).from(auditLog)
      .where(and(eq(auditLog.entity, 'declaration'), eq(auditLog.entityId, String(p1.id)), eq(auditLog.action, 'declaration.sort')));
    expect(audit).toHaveLength(1); // the repeated scan wrote no second sorting entry

    // the declaration's detail page shows its branch sorting (placement card)
    const info = await ctx.app.inject({ url: `/api/admin/declaration/info?declaration_id=${p1.id}`, headers: anbar });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ parcel_sorting_state_name: 'G · Gənclik filialı', parcel_sorting_created_at: reply.data.sorted_at });
  });

  test('a global track code with the scanner\'s FDX prefix finds the parcel; a parcel without a branch sorts with no code', async () => {
    const second = await ctx.database.db.select({ g: declarations.globalTrackCode }).from(declarations).where(eq(declarations.id, p2.id));
    const res = await scan(`FDX${second[0]!.g}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SortingCreateReply).data).toMatchObject({ id: p2.id, code: 'GC', code_text: 'Gəncə filialı', already: false });
    const noBranch = await scan(p3.trackCode);
    expect(noBranch.statusCode).toBe(200);
    expect(noBranch.json().data).toMatchObject({ id: p3.id, code: null, code_text: null });
    expect(noBranch.json().message).toBe(fill(t.sorted, { CODE: t.noBranch }));
    expect((await list('nonsorted_declarations')).total).toBe(0);
  });

  test('an unknown code, a parcel of another flight or of no flight is 422 with a clear message; nothing is sorted', async () => {
    const unknown = await scan('AZ0000000009');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.track_code).toEqual([fill(t.sortingUnknownTrack, { CODE: 'AZ0000000009' })]);
    const other = await scan(elsewhere.trackCode);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(fill(t.sortingOtherFlight, { CODE: elsewhere.trackCode, FLIGHT: elsewhere.flight }));
    const none = await scan(unflown.trackCode);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(fill(t.sortingNoFlight, { CODE: unflown.trackCode }));
    expect((await scan(p1.trackCode, anbar, 99999999)).statusCode).toBe(404);
    expect((await list('list', `&track_code=${elsewhere.trackCode}`)).total).toBe(0);
  });

  test('the track code filter narrows the list', async () => {
    const reply = await list('list', `&track_code=${p2.trackCode.slice(-6)}`);
    expect(reply.data.map((r) => r.id)).toContain(p2.id);
    expect(reply.data.every((r) => r.track_code.includes(p2.trackCode.slice(-6)))).toBe(true);
  });

  test('flight_id may name several flights (a,b) or none (every flight), as the other office front end sends it', async () => {
    const get = async (query: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/sorting/list?${query}`, headers: anbar });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SortingListReply;
    };
    const [other] = await ctx.database.db.select({ id: flights.id }).from(flights).where(eq(flights.name, elsewhere.flight));
    const both = await get(`flight_id=${flightId},${other!.id}&per_page=50`);
    const onlyOther = await get(`flight_id=${other!.id}&per_page=50`);
    expect(both.total).toBe(3 + onlyOther.total);
    expect(both.data.map((r) => r.track_code)).toEqual(expect.arrayContaining([p1.trackCode, elsewhere.trackCode]));
    const every = await get('per_page=50');
    expect(every.total).toBeGreaterThanOrEqual(both.total);
    expect(every.data.some((r) => r.track_code === unflown.trackCode)).toBe(false); // a parcel on no flight is not sorted
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/sorting/list?flight_id=${flightId},99999999`, headers: anbar })).statusCode).toBe(404);
  });

  test('without parcel_sorting_list every sorting call is 403; a missing flight is 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/sorting/list?flight_id=${flightId}`, headers: ofis })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/sorting/nonsorted_declarations?flight_id=${flightId}`, headers: ofis })).statusCode).toBe(403);
    expect((await scan(p1.trackCode, ofis)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/sorting/list?flight_id=99999999', headers: anbar })).statusCode).toBe(404);
  });
});
