import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { listFlightActions } from './flight-access';
import {
  buildDefaultFlightName, completionPercent, countAccepted, formatPackageCode, isAcceptedCode, isDefaultFlightName, isManifestFile, parseLimit,
} from './flight-form';

const actionOf = (key: string, facts: { statusId: number; provider: number }, canSort = true) =>
  listFlightActions({ canSort }, facts).find((a) => a.key === key);

describe('[FLIGHTS][WEB] row menu rules (spec §2, §4)', () => {
  test('close only at 29, with the reason shown otherwise', () => {
    expect(actionOf('close', { statusId: 29, provider: 0 })?.isDisabled).toBe(false);
    const closed = actionOf('close', { statusId: 30, provider: 0 });
    expect(closed?.isDisabled).toBe(true);
    expect(closed?.reason).toMatch(/29/);
  });
  test('air waybill number changes only at 30', () => {
    expect(actionOf('changeAirwaybill', { statusId: 30, provider: 0 })?.isDisabled).toBe(false);
    expect(actionOf('changeAirwaybill', { statusId: 29, provider: 0 })?.isDisabled).toBe(true);
    expect(actionOf('changeAirwaybill', { statusId: 31, provider: 0 })?.reason).toMatch(/30/);
  });
  test('pallets only for Trendyol (1)', () => {
    expect(actionOf('pallets', { statusId: 29, provider: 1 })?.isDisabled).toBe(false);
    expect(actionOf('pallets', { statusId: 29, provider: 0 })?.isDisabled).toBe(true);
    expect(actionOf('pallets', { statusId: 29, provider: 2 })?.isDisabled).toBe(true);
  });
  test('unsorted declarations need the sorting permission', () => {
    expect(actionOf('unsorted', { statusId: 29, provider: 0 }, false)?.isDisabled).toBe(true);
    expect(actionOf('unsorted', { statusId: 29, provider: 0 }, true)?.isDisabled).toBe(false);
  });
  test('every spec item is listed once, in the spec order', () => {
    expect(listFlightActions({ canSort: true }, { statusId: 29, provider: 1 }).map((a) => a.key)).toEqual([
      'details', 'declarations', 'unsorted', 'packages', 'airWaybills', 'pallets', 'changeStatus', 'changeMarketplaceStatus',
      'close', 'changeAirwaybill', 'currentMonth', 'manifest', 'xml', 'roadsheet', 'partnerExport',
    ]);
  });
});

describe('[FLIGHTS][WEB] form helpers', () => {
  test('a new flight is named from today', () => {
    const day = dayjs('2026-11-23T10:00:00');
    expect(buildDefaultFlightName(1, day)).toBe('IST-2026-11-23');
    expect(buildDefaultFlightName(2, day)).toBe('NYC-2026-11-23');
    expect(buildDefaultFlightName(undefined, day)).toBe('IST-2026-11-23');
    expect(isDefaultFlightName('IST-2026-11-23')).toBe(true);
    expect(isDefaultFlightName('IST-2026-11-23 gecə')).toBe(false);
  });
  test('accepted codes are 200 and 048', () => {
    expect(isAcceptedCode(200)).toBe(true);
    expect(isAcceptedCode(48)).toBe(true);
    expect(isAcceptedCode('048')).toBe(true);
    expect(isAcceptedCode(400)).toBe(false);
    expect(isAcceptedCode(null)).toBe(false);
    expect(formatPackageCode(48)).toBe('048');
    expect(countAccepted([{ code: 200 }, { code: 48 }, { code: 422 }])).toEqual({ accepted: 2, rejected: 1 });
  });
  test('completion, manifest file and limit', () => {
    expect(completionPercent(0, 0)).toBe(0);
    expect(completionPercent(1, 3)).toBe(33);
    expect(isManifestFile('bags.XLSX')).toBe(true);
    expect(isManifestFile('bags.csv')).toBe(true);
    expect(isManifestFile('bags.xls')).toBe(false);
    expect(parseLimit('400', 5000)).toBe(400);
    expect(parseLimit('0', 5000)).toBeNull();
    expect(parseLimit('4.5', 5000)).toBeNull();
    expect(parseLimit('6000', 5000)).toBeNull();
  });
});
