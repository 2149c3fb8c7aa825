import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard';
import { readOwnCashRegisterBalance } from './service';

export function registerMoneyRoutes(app: FastifyInstance): void {
  app.get('/api/admin/cashboxes/balance', {
    schema: { tags: ['money'], summary: "The user's own cash register: name, balance, currency" },
    config: { access: 'staff' },
  }, (req) => readOwnCashRegisterBalance(app.db, requireUser(req)));
}
