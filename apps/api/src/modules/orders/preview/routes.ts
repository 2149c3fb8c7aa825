import { ZProductPreviewQuery, ZProductPreviewReply } from '@app/contract/product-preview';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readProductPreview } from './service';

const tags = ['orders'];
const access = { permission: 'orders' } as const;

/**
 * The product preview of the order form (issue 18 item 3; spec §7 `GET bonaz/parser?url`, and
 * `GET /api/admin/product?url` of api-paths-in-use.txt): the same reading under both paths.
 */
export function registerProductPreviewRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, config: app.config });
  for (const path of ['/api/admin/bonaz/parser', '/api/admin/product']) {
    app.get(path, {
      schema: {
        tags,
        summary: 'A shop product page read: name, brand, images, breadcrumb, colour, price and its TRY/AZN/USD/EUR values (422 on url when it cannot be read)',
        querystring: ZProductPreviewQuery,
        response: { 200: ZProductPreviewReply },
      },
      // Each call makes the server fetch a page elsewhere: bounded per address so it cannot be used to hammer a host.
      config: { access, rateLimit: { max: 120, timeWindow: '1 minute' } },
    }, async (req) => ({ data: await readProductPreview(deps(), req.query.url) }));
  }
}
