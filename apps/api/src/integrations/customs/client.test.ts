import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createCustomsClient, CustomsError, type CustomsExchange } from './client';
import type { CustomsParcel } from './protocol';
import { startCustomsSimulator, type CustomsSimulator } from './simulator';

let sim: CustomsSimulator;
const exchanges: CustomsExchange[] = [];
const client = () => createCustomsClient({
  baseUrl: sim.url, apiKey: sim.apiKey, timeoutMs: 300, retries: 2, retryDelayMs: 5, pageSize: 10,
  onExchange: (x) => { exchanges.push(x); },
});

const parcel = (track: string): CustomsParcel => ({
  direction: 1, trackinG_NO: track, transP_COSTS: 4.5, weighT_GOODS: 1.2, quantitY_OF_GOODS: 1, invoyS_PRICE: 30, currencY_TYPE: 'USD',
  fin: '5ABCD12', document_type: 'PinCode', idxaL_NAME: 'Aysel Məmmədova', idxaL_ADRESS: 'Bakı, Nizami 10', phone: '+994501112233',
  ixraC_NAME: 'Trendyol', ixraC_ADRESS: 'İstanbul', goodS_TRAFFIC_FR: '792', goodS_TRAFFIC_TO: '031', goodslist: [{ goods_id: 11, name_of_goods: 'Geyim' }],
});

beforeAll(async () => {
  sim = await startCustomsSimulator({ declareAfterMs: 0, declareRatio: 1, history: 0 });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  exchanges.length = 0;
});

describe('[CUSTOMS][CLIENT] the e-carrier protocol against the simulator', () => {
  test('ping, goods groups, add, declarations, boxes, depesh, update, delete: the happy path', async () => {
    const c = client();
    expect((await c.ping()).ok).toBe(true);
    const groups = await c.goodsGroups();
    expect(groups.find((g) => g.id === 11)).toMatchObject({ goodsNameAz: 'Geyim', parentId: 1 });
    expect(await c.addParcels([parcel('AZ1001')])).toEqual({ added: ['AZ1001'], alreadyThere: [] });
    const [declaration] = await c.declarations({ packagE_TYPE: '1', trackingNumber: 'AZ1001' }, { offset: 0, limit: 100 });
    expect(declaration).toMatchObject({ trackingNumber: 'AZ1001', payStatus_Id: expect.any(Number) });
    expect(await c.approveSearch([declaration!.regNumber])).toHaveLength(1);
    expect(await c.addToBoxes([{ regNumber: declaration!.regNumber, trackingNumber: 'AZ1001' }])).toEqual([{ trackingNumber: 'AZ1001', code: 200, message: null }]);
    expect((await c.findPost('AZ1001'))?.status).toBe(3);
    await c.updateParcels([{ trackinG_NO: 'AZ1001', airwaybill: '235-11112222', depesH_NUMBER: 'D-1' }]);
    expect(await c.depesh([{ regNumber: declaration!.regNumber, trackingNumber: 'AZ1001', airWaybill: '235-11112222', depeshNumber: 'D-1' }]))
      .toEqual([{ trackingNumber: 'AZ1001', code: 200, message: null }]);
    expect(await c.findPost('AZ1001')).toMatchObject({ status: 4, airwaybill: '235-11112222', depesH_NUMBER: 'D-1' });
    // headers of the protocol
    expect(sim.requests.length).toBeGreaterThan(5);
    await expect(c.deleteParcel('AZ1001')).rejects.toMatchObject({ kind: 'declined' }); // dispatched: customs refuses
    await c.addParcels([parcel('AZ1002')]);
    await c.deleteParcel('AZ1002');
    expect(await c.findPost('AZ1002')).toBeNull();
    expect(exchanges.every((x) => x.ok || x.action === 'delete')).toBe(true);
  });

  test('paged searches page until a short page', async () => {
    const c = client();
    for (let i = 0; i < 23; i++) await c.addParcels([parcel(`AZ2${String(i).padStart(3, '0')}`)]);
    exchanges.length = 0;
    const posts = await c.allCarriersPosts({ packagE_TYPE: '1' });
    expect(posts).toHaveLength(23);
    expect(exchanges.map((x) => x.path)).toEqual([
      '/api/v2/carriers/carriersposts/0/10', '/api/v2/carriers/carriersposts/10/10', '/api/v2/carriers/carriersposts/20/10',
    ]);
    expect(await c.allDeclarations({ packagE_TYPE: '1' })).toHaveLength(23);
    sim.withdraw('AZ2000');
    expect((await c.allDeletedDeclarations({ packagE_TYPE: '1' })).map((d) => d.trackingNumber)).toEqual(['AZ2000']);
  });

  test('a wrong API key is refused at once, without retries', async () => {
    const c = createCustomsClient({ baseUrl: sim.url, apiKey: 'wrong', retryDelayMs: 1, onExchange: (x) => { exchanges.push(x); } });
    await expect(c.goodsGroups()).rejects.toMatchObject({ kind: 'refused' });
    expect(exchanges[0]).toMatchObject({ attempts: 1, ok: false, httpStatus: 401, failure: 'refused' });
    expect((await c.ping()).ok).toBe(false);
  });

  test('a time-out, a 5xx, an empty answer and a code 500 inside HTTP 200 are retried with the exchange kept', async () => {
    const c = client();
    sim.fail({ kind: 'slow', path: '/goodsgroupslist', delayMs: 2000 });
    sim.fail({ kind: '5xx', path: '/goodsgroupslist' });
    expect((await c.goodsGroups()).length).toBeGreaterThan(0);
    expect(exchanges.at(-1)).toMatchObject({ action: 'goodsgroups', attempts: 3, ok: true, code: 200, httpStatus: 200 });

    sim.fail({ kind: 'empty', path: '/goodsgroupslist', times: 3 });
    const error = await c.goodsGroups().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustomsError);
    expect(error).toMatchObject({ kind: 'empty', transient: true });
    expect(exchanges.at(-1)).toMatchObject({ attempts: 3, ok: false, failure: 'empty', response: '', httpStatus: 200 });

    sim.fail({ kind: 'code500', path: '/goodsgroupslist', times: 3 });
    await expect(c.goodsGroups()).rejects.toMatchObject({ kind: 'code', details: { code: 500, httpStatus: 200 } });

    sim.fail({ kind: 'slow', path: '/Ping', delayMs: 2000, times: 3 });
    const ping = await c.ping();
    expect(ping).toMatchObject({ ok: false });
    expect(ping.error).toMatch(/300 ms/);
    expect(exchanges.at(-1)).toMatchObject({ action: 'ping', attempts: 3, failure: 'timeout', httpStatus: null, response: null });
  });

  test('a declined parcel is not retried and carries customs\' field errors', async () => {
    const c = client();
    sim.decline('AZ3001', 'FİN kodu yanlışdır');
    const error = (await c.addParcels([parcel('AZ3001')]).catch((e: unknown) => e)) as CustomsError;
    expect(error).toMatchObject({ kind: 'declined', transient: false });
    expect(error.details.fields).toEqual({ '[0].trackinG_NO': 'FİN kodu yanlışdır' });
    expect(exchanges.at(-1)).toMatchObject({ action: 'add', attempts: 1, ok: false, code: 400, failure: 'declined' });
    expect(sim.addCount('AZ3001')).toBe(0);
  });

  test('a lost answer to an add: the retry checks the carrier posts and the parcel is added once', async () => {
    const c = client();
    sim.fail({ kind: 'slow', path: '/api/v2/carriers', method: 'POST', afterWork: true, delayMs: 2000 });
    const result = await c.addParcels([parcel('AZ4001')]);
    expect(result).toEqual({ added: [], alreadyThere: ['AZ4001'] });
    expect(sim.addCount('AZ4001')).toBe(1);
    const adds = sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/carriers');
    expect(adds).toHaveLength(1); // never resent
    expect(exchanges.find((x) => x.action === 'add')).toMatchObject({ ok: true, attempts: 1 });

    // an empty answer after the work, for a batch where only one had been added before: only the other is resent
    sim.fail({ kind: 'empty', path: '/api/v2/carriers', method: 'POST', afterWork: true });
    const batch = await c.addParcels([parcel('AZ4002'), parcel('AZ4003')]);
    expect(batch.alreadyThere.sort()).toEqual(['AZ4002', 'AZ4003']);
    expect(sim.addCount('AZ4002')).toBe(1);
    expect(sim.addCount('AZ4003')).toBe(1);

    // a 5xx before the work: the check finds nothing and the add is resent once
    sim.fail({ kind: '5xx', path: '/api/v2/carriers', method: 'POST' });
    expect(await c.addParcels([parcel('AZ4004')])).toEqual({ added: ['AZ4004'], alreadyThere: [] });
    expect(sim.addCount('AZ4004')).toBe(1);

    // a later resend (a job retry) with checkFirst does not add again
    expect(await c.addParcels([parcel('AZ4004')], { checkFirst: true })).toEqual({ added: [], alreadyThere: ['AZ4004'] });
    expect(sim.addCount('AZ4004')).toBe(1);
  });

  test('a lost answer to a depesh: the retry sees the dispatch in the carrier posts', async () => {
    const c = client();
    await c.addParcels([parcel('AZ5001')]);
    const reg = sim.declarationOf('AZ5001')!.regNumber;
    sim.fail({ kind: '5xx', path: '/depesh', afterWork: true });
    const results = await c.depesh([{ regNumber: reg, trackingNumber: 'AZ5001', airWaybill: 'AWB1', depeshNumber: 'D9' }]);
    expect(results).toEqual([{ trackingNumber: 'AZ5001', code: 200, message: 'already dispatched' }]);
    expect(sim.requests.filter((r) => r.path === '/api/v2/carriers/depesh')).toHaveLength(1);
  });

  test('customs down for good: the call fails as transient after its attempts (the job runner retries later)', async () => {
    const c = client();
    sim.fail({ kind: '5xx', times: 10 });
    const error = (await c.addParcels([parcel('AZ6001')]).catch((e: unknown) => e)) as CustomsError;
    expect(error.transient).toBe(true);
    sim.reset();
    expect(await c.addParcels([parcel('AZ6001')], { checkFirst: true })).toEqual({ added: ['AZ6001'], alreadyThere: [] });
    expect(sim.addCount('AZ6001')).toBe(1);
  });
});
