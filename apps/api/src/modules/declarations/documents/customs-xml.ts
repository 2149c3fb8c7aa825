import type { PassThrough } from 'node:stream';
import type { Db } from '../../../db/client';
import { notFound } from '../../../platform/errors';
import { findFlightDeclarationsForXml, findFlightName } from './document-queries';

const BATCH = 2_000;

export function escapeXml(text: string | number | null | undefined): string {
  if (text === null || text === undefined) return '';
  return String(text).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
    // characters XML 1.0 cannot hold (control characters other than tab, line feed, return)
    .split('').filter((c) => c >= ' ' || c === '\t' || c === '\n' || c === '\r').join('');
}

/** Checks the flight exists, then returns the file name (spec §9: flight exports .xml). */
export async function prepareCustomsXml(db: Db, flightId: number): Promise<string> {
  const name = await findFlightName(db, flightId);
  if (name === null) throw notFound('flight_id');
  return `flight_${flightId}_customs.xml`;
}

/**
 * GET declaration/get_xml: the flight's parcels for customs (one <package> per declaration),
 * streamed in id-keyset batches.
 */
export async function writeCustomsXml(db: Db, q: { flightId: number; liquid?: boolean; partnerId?: number }, out: PassThrough): Promise<void> {
  const flightName = (await findFlightName(db, q.flightId)) ?? '';
  out.write(`<?xml version="1.0" encoding="UTF-8"?>\n<flight id="${q.flightId}" name="${escapeXml(flightName)}">\n`);
  let after = 0;
  for (;;) {
    const rows = await findFlightDeclarationsForXml(db, q, after, BATCH);
    const chunk = rows.map((r) => [
      '  <package>',
      `    <trackingNumber>${escapeXml(r.trackCode)}</trackingNumber>`,
      `    <globalTrackingNumber>${escapeXml(r.globalTrackCode)}</globalTrackingNumber>`,
      `    <importerName>${escapeXml(`${r.name ?? ''} ${r.surname ?? ''}`.trim())}</importerName>`,
      `    <pin>${escapeXml(r.fin)}</pin>`,
      `    <phone>${escapeXml(r.phone)}</phone>`,
      `    <address>${escapeXml(r.address)}</address>`,
      `    <goodsName>${escapeXml(r.productType)}</goodsName>`,
      `    <shop>${escapeXml(r.shopName)}</shop>`,
      `    <quantity>${r.quantity}</quantity>`,
      `    <weight>${escapeXml(r.weight)}</weight>`,
      `    <invoicePrice currency="${escapeXml(r.currency)}">${escapeXml(r.price)}</invoicePrice>`,
      `    <transportCost currency="USD">${escapeXml(r.deliveryPrice)}</transportCost>`,
      `    <liquid>${r.type === 1 ? 1 : 0}</liquid>`,
      '  </package>\n',
    ].join('\n')).join('');
    if (chunk && !out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  out.end('</flight>\n');
}
