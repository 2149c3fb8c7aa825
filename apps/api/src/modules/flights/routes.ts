import {
  ZAirwaybillChange, ZAirwaybillInfoReply, ZAirwaybillPackagesQuery, ZAirwaybillPackagesReply, ZExecutePackageRunQuery, ZFlightBoxesReply,
  ZFlightCalculateReply, ZFlightClose, ZFlightCloseQuery, ZFlightCreate, ZFlightDeclarationsQuery, ZFlightDeclarationsReply, ZFlightDetailReply,
  ZFlightIdQuery, ZFlightListQuery, ZFlightListReply, ZFlightMarketplaceStates, ZFlightOptionsQuery, ZFlightOptionsReply, ZFlightPackagesQuery,
  ZFlightPackagesReply, ZFlightSet, ZFlightStateChange, ZFlightStateChangeQuery, ZFlightStatsReply, ZFlightThisMonth,
} from '@app/contract/flights';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import {
  attachParcelsToFlights, calculateFlightVolume, changeAirwaybill, changeFlightMarketplaceStates, changeFlightMonth, changeFlightStatus,
  closeFlight, createFlight, executePackageRun, listBoxDeclarations, listDispatchPackages, listFlightBoxes, listFlightDeclarations, listFlightOptions, listFlights,
  listPackageRuns, readAirwaybillInfo, readFlightDetail, readFlightStats, setFlightParcels, TO_FLIGHT_JOB,
} from './service';

const tags = ['flights'];
const gate = { permission: 'flights' } as const;
/** The to_flight task's interval (design: every 10 minutes). */
const TO_FLIGHT_EVERY_SECONDS = 600;

/** spec §7 "Flights" (the flight files — manifests, exports, road sheet — are in file-routes.ts). */
export function registerFlightRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.jobs.define(TO_FLIGHT_JOB, async (_payload, ctx) => {
    const result = await attachParcelsToFlights(ctx.db, null);
    if (result.count > 0) ctx.log(`to_flight: ${result.count} parcel(s) put on their bag's open flight`);
  }, { maxAttempts: 1 });
  // Scheduled outside tests only (as the rates job), so other modules' runDue() calls stay theirs;
  // tests enqueue it themselves.
  if (app.config.NODE_ENV !== 'test') app.jobs.every(TO_FLIGHT_JOB, TO_FLIGHT_EVERY_SECONDS);

  // ------------------------------------------------------------ reads

  app.get('/api/admin/v2/flights/list', {
    schema: {
      tags, summary: 'Flights with their parcel count, handed over, weight, amounts and package runs (data, total)', querystring: ZFlightListQuery,
      response: { 200: ZFlightListReply },
    },
    config: { access: gate },
  }, (req) => listFlights(app.db, req.query, tz()));

  app.get('/api/admin/flights/info', {
    schema: {
      tags, summary: "The flight's declarations as declaration list rows (flight_id, or flight_name holding the flight's id; the declarations table's filters)",
      querystring: ZFlightDeclarationsQuery, response: { 200: ZFlightDeclarationsReply },
    },
    config: { access: gate },
  }, (req) => listFlightDeclarations(app.db, req.query, tz()));

  for (const url of ['/api/admin/flights/options', '/api/admin/flights/select']) {
    app.get(url, {
      schema: { tags, summary: 'Flights lookup (id, name), newest first; open=1 for open flights only', querystring: ZFlightOptionsQuery, response: { 200: ZFlightOptionsReply } },
      config: { access: gate },
    }, (req) => listFlightOptions(app.db, req.query));
  }

  app.get('/api/admin/flights/detail', {
    schema: { tags, summary: 'One flight: the row, bags, declared/undeclared/dispatched, volume and what may be done now', querystring: ZFlightIdQuery, response: { 200: ZFlightDetailReply } },
    config: { access: gate },
  }, (req) => readFlightDetail(app.db, req.query.flight_id, tz()));

  app.get('/api/admin/flights/stats', {
    schema: { tags, summary: 'Handed-over parcels (10) and the delivery prices they paid, $ (data.sum, data.count)', querystring: ZFlightIdQuery, response: { 200: ZFlightStatsReply } },
    config: { access: gate },
  }, (req) => readFlightStats(app.db, req.query.flight_id));

  app.get('/api/admin/flights/calculate', {
    schema: { tags, summary: 'Dimensional weight (w×h×d/6000 per parcel, kg), stored on the flight', querystring: ZFlightIdQuery, response: { 200: ZFlightCalculateReply } },
    config: { access: gate },
  }, (req) => calculateFlightVolume(app.db, req.query.flight_id));

  app.get('/api/admin/flights/packages', {
    schema: { tags, summary: 'Package runs of the flight, newest first', querystring: ZFlightPackagesQuery, response: { 200: ZFlightPackagesReply } },
    config: { access: gate },
  }, (req) => listPackageRuns(app.db, req.query.flight_id, req.query, tz()));

  app.get('/api/admin/flights/airwaybillpackages', {
    schema: { tags, summary: 'Sent dispatches: the items of the flight\'s package runs (page size 20; count and totalWeight over all pages)', querystring: ZAirwaybillPackagesQuery, response: { 200: ZAirwaybillPackagesReply } },
    config: { access: gate },
  }, (req) => listDispatchPackages(app.db, req.query.flight_id, req.query, tz()));

  app.get('/api/admin/flights/airwaybillinfo', {
    schema: { tags, summary: 'The air waybill of the flight, its dispatch totals and whether it may change (only at 30)', querystring: ZFlightIdQuery, response: { 200: ZAirwaybillInfoReply } },
    config: { access: gate },
  }, (req) => readAirwaybillInfo(app.db, req.query.flight_id, tz()));

  app.get('/api/admin/flights/boxes', {
    schema: { tags, summary: 'Pallets: the bags of the flight with their parcel count and weight', querystring: ZFlightIdQuery, response: { 200: ZFlightBoxesReply } },
    config: { access: gate },
  }, (req) => listFlightBoxes(app.db, req.query.flight_id));

  app.get('/api/admin/flights/box_declarations', {
    schema: {
      tags, summary: 'Parcels of a flight (flight_id) or of one bag (box_id) as declaration list rows (the declarations table\'s filters)',
      querystring: ZFlightDeclarationsQuery, response: { 200: ZFlightDeclarationsReply },
    },
    config: { access: gate },
  }, (req) => listBoxDeclarations(app.db, req.query, tz()));

  // ------------------------------------------------------------ writes

  app.post('/api/admin/flights/create', {
    schema: { tags, summary: 'New flight (multipart name, start_date, end_date, state_id, country_id[, trendyol])', body: ZFlightCreate },
    config: { access: gate },
  }, (req) => createFlight(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/flights/close', {
    schema: {
      tags, querystring: ZFlightCloseQuery, body: ZFlightClose,
      summary: 'Close an open (29) flight: type with-dispatch | without-dispatch | all; close=false previews without writing',
    },
    config: { access: gate },
  }, (req) => closeFlight(app.db, app.customs, requireUser(req), req.query, req.body, tz()));

  app.post('/api/admin/flights/execute', {
    schema: { tags, summary: 'Execute a package run (the depesh request) once; 422 with the per-parcel messages when customs declined any', querystring: ZExecutePackageRunQuery },
    config: { access: gate },
  }, (req) => executePackageRun(app.db, app.customs, requireUser(req), req.query.queue_id, tz()));

  app.post('/api/admin/flights/airwaybill', {
    schema: { tags, summary: 'Change the air waybill of a closed (30) flight; customs records of its dispatched parcels are updated', body: ZAirwaybillChange },
    config: { access: gate },
  }, (req) => changeAirwaybill(app.db, app.customs, requireUser(req), req.body, tz()));

  app.post('/api/admin/this_month/change', {
    schema: { tags, summary: 'The flight\'s accounting month (flight_id, this_month YYYY-MM)', body: ZFlightThisMonth },
    config: { access: gate },
  }, (req) => changeFlightMonth(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/flights/state_change', {
    schema: { tags, summary: 'Flight status: any status of the flights model (query state_id, body flight_id)', querystring: ZFlightStateChangeQuery, body: ZFlightStateChange },
    config: { access: gate },
  }, (req) => changeFlightStatus(app.db, requireUser(req), req.query.state_id, req.body.flight_id, tz()));

  app.post('/api/admin/flights/trendyol/updateStates', {
    schema: { tags, summary: 'Trendyol status (group 43) of every Trendyol parcel of the flight', body: ZFlightMarketplaceStates },
    config: { access: gate },
  }, (req) => changeFlightMarketplaceStates(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/flights/set', {
    schema: { tags, summary: 'Put parcels (5, 7) on an open flight, optionally into one of its bags', body: ZFlightSet },
    config: { access: gate },
  }, (req) => setFlightParcels(app.db, requireUser(req), req.body));

  app.get('/api/task/to_flight', {
    schema: { tags, summary: 'Parcels at 7 in a bag of an open flight but on no flight get that flight (also every 10 minutes)' },
    config: { access: gate },
  }, (req) => attachParcelsToFlights(app.db, requireUser(req).id));
}
