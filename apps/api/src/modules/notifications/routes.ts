import type { FastifyInstance } from 'fastify';
import { countBadges } from './service';

export function registerNotificationRoutes(app: FastifyInstance): void {
  app.post('/api/admin/notification/count', {
    schema: { tags: ['notifications'], summary: 'Sidebar counters' },
    config: { access: 'staff' },
  }, () => countBadges(app.db));
}
