import { ZSortingListQuery, ZSortingListReply } from '@app/contract/declaration-workflow';
import { ZSortingCreate } from '@app/contract/flights';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { listNonSorted, listSorting, sortParcel } from './service';

const tags = ['sorting'];
const gate = { permission: 'parcel_sorting_list' } as const;

/** Branch sorting of a flight's parcels (spec sidebar "sorting (parcel_sorting_list)", route sorting/{flightId}/non-sorted-declarations). */
export function registerSortingRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/sorting/list', {
    schema: { tags, summary: "The parcels of the flight(s) (flight_id: a,b; none: every flight) with their branch sorting code (letter), code text (branch) and sorting time (null: not sorted)", querystring: ZSortingListQuery, response: { 200: ZSortingListReply } },
    config: { access: gate },
  }, (req) => listSorting(app.db, req.query, tz()));

  app.get('/api/admin/sorting/nonsorted_declarations', {
    schema: { tags, summary: "The parcels of the flight(s) not sorted yet (flight_id: a,b; none: every flight)", querystring: ZSortingListQuery, response: { 200: ZSortingListReply } },
    config: { access: gate },
  }, (req) => listNonSorted(app.db, req.query, tz()));

  app.post('/api/admin/sorting/create', {
    schema: { tags, summary: 'A scan at the sorting line (flight_id, track_code): marks the parcel sorted and answers its code; 422 for an unknown code or a parcel of another flight', body: ZSortingCreate },
    config: { access: gate },
  }, (req) => sortParcel(app.db, requireUser(req), req.body, tz()));
}
