import { normalizeImportedCode } from '@app/contract/documents';
import type { SortingListQuery, SortingListReply } from '@app/contract/declaration-workflow';
import type { SortingCreate, SortingCreateReply } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { countFlights, findFlightName, findParcelByCode, findSortingOf, findSortingPage, insertSorting } from './queries';

/*
 * Branch sorting of a flight's parcels (spec sidebar "sorting", permission parcel_sorting_list;
 * §3 "Sorting list item"): at the Baku sorting line each parcel of an arrived flight is scanned and
 * put to its branch; the code is the branch's sorting letter, the code text the branch's name.
 */

const t = az.flightFilesUi;

/** The flights asked for must exist (404 naming flight_id otherwise); none asked: every flight. */
async function requireFlights(db: Db, flightIds: readonly number[] | undefined): Promise<void> {
  const ids = [...new Set(flightIds ?? [])];
  if (ids.length && (await countFlights(db, ids)) !== ids.length) throw notFound('flight_id');
}

/** GET sorting/list?flight_id: the flights' parcels with their sorting code and when they were sorted (null: not yet). */
export async function listSorting(db: Db, query: SortingListQuery, timeZone: string): Promise<SortingListReply> {
  await requireFlights(db, query.flight_id);
  const { rows, total } = await findSortingPage(db, query, timeZone, false);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET sorting/nonsorted_declarations?flight_id: the flights' parcels not sorted yet. */
export async function listNonSorted(db: Db, query: SortingListQuery, timeZone: string): Promise<SortingListReply> {
  await requireFlights(db, query.flight_id);
  const { rows, total } = await findSortingPage(db, query, timeZone, true);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/**
 * POST sorting/create: a scan at the sorting line marks the parcel sorted and answers its code.
 * Only a parcel of this flight (422 with the flight it is on otherwise); a second scan changes
 * nothing and answers the same code (`already`).
 */
export async function sortParcel(db: Db, user: RequestUser, input: SortingCreate, timeZone: string): Promise<SortingCreateReply> {
  const code = normalizeImportedCode(input.track_code);
  return db.transaction(async (tx) => {
    const flightName = await findFlightName(tx, input.flight_id);
    if (flightName === null) throw notFound('flight_id');
    const parcel = await findParcelByCode(tx, code);
    if (!parcel) throw invalid({ track_code: [fill(t.sortingUnknownTrack, { CODE: code })] });
    if (parcel.flightId === null) throw invalid({ track_code: [fill(t.sortingNoFlight, { CODE: parcel.trackCode })] });
    if (parcel.flightId !== input.flight_id) {
      throw invalid({ track_code: [fill(t.sortingOtherFlight, { CODE: parcel.trackCode, FLIGHT: parcel.flightName ?? String(parcel.flightId) })] });
    }
    const inserted = await insertSorting(tx, { declarationId: parcel.id, flightId: input.flight_id, branchId: parcel.branchId, sortedBy: user.id });
    const sorting = (await findSortingOf(tx, parcel.id, timeZone))!;
    if (inserted) {
      await recordAudit(tx, {
        userId: user.id, action: 'declaration.sort', entity: 'declaration', entityId: parcel.id,
        changes: { flight_id: input.flight_id, branch_id: parcel.branchId, code: sorting.code },
      });
    }
    const label = sorting.code ?? t.noBranch;
    return {
      message: fill(inserted ? t.sorted : t.alreadySorted, { CODE: sorting.code_text ? `${label} (${sorting.code_text})` : label }),
      id: sorting.id,
      data: { ...sorting, already: !inserted },
    };
  });
}
