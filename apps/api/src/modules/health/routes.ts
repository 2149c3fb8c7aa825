import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** Liveness and database reachability, for load balancers and the test runner. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/api/health', {
    schema: { tags: ['platform'], summary: 'Health check', security: [] },
    config: { access: 'public' },
  }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
