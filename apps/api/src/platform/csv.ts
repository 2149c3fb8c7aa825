import type { FastifyReply } from 'fastify';

// The CSV writer itself (toCsv, csvField) is shared with the web app: packages/contract/src/csv.ts.
/** Sends a CSV download named `<prefix><YYYYMMDD-HHmmss>.csv`. */
export function sendCsv(reply: FastifyReply, prefix: string, csv: string, now = new Date()): FastifyReply {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${prefix}${stamp}.csv"`)
    .send(csv);
}
