import { manualSourcesOf } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../../db/schema/declarations';
import { statusHistory } from '../../../db/schema/platform';
import { bearer, logInAs, startTestApp, type TestContext } from '../../../test/harness';

// Its speed at 10,000 declarations is measured in bench/declaration-bulk-state.ts, not here.
let ctx: TestContext;
let ofis: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 2_000 });
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
}, 120_000);
afterAll(() => ctx.close());

describe('[DECLARATIONS][BULK-STATE] by filter', () => {
  test('moves every declaration matching the filters whose status allows the target, with a history entry each; the others are skipped', async () => {
    const sources = manualSourcesOf(36);
    const countWhere = async (where: SQL | undefined) =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations).where(and(isNull(declarations.deletedAt), where)))[0]!.n;
    const listed = await countWhere(undefined);
    const allowed = await countWhere(inArray(declarations.statusId, sources));
    const alreadyHeld = await countWhere(eq(declarations.statusId, 36));
    expect(listed).toBeGreaterThanOrEqual(2_000);
    expect(allowed).toBeGreaterThan(0);
    expect(listed - allowed).toBeGreaterThan(0); // the demo has handed-over and returned parcels (issue 13: they stay)
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/admin/v2/declaration/edit/state', headers: ofis,
      payload: { date_from: '2000-01-01 00:00:00', new_state_id: 36, new_descr: 'Toplu saxlanma' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { count: allowed, skipped: listed - allowed } });
    expect(await countWhere(eq(declarations.statusId, 36))).toBe(allowed + alreadyHeld);
    const [history] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(statusHistory)
      .where(and(eq(statusHistory.modelId, MODEL.declarations), eq(statusHistory.stateId, 36), eq(statusHistory.note, 'Toplu saxlanma')));
    expect(history!.n).toBe(allowed);
  }, 60_000);
});
