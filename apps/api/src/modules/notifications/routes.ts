import { ZCountersReply } from '@app/contract/auth';
import type { FastifyInstance } from 'fastify';
import { countBadges } from './service';
import { requireUser } from '../../platform/auth/guard';
import { registerNotifyRoutes } from './notify-routes';

export function registerNotificationRoutes(app: FastifyInstance): void {
  app.post('/api/admin/notification/count', {
    schema: { tags: ['notifications'], summary: 'Sidebar counters', response: { 200: ZCountersReply } },
    // Polled by every open sidebar: a read, so it leaves no audit entry.
    config: { access: 'staff', isReadOnly: true },
  }, (req) => countBadges(app.db, requireUser(req), app.config.APP_TIMEZONE));
  registerNotifyRoutes(app);
}
