import { ZCashboxBalanceReply } from '@app/contract/money';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard';
import { readOwnCashRegisterBalance } from './service';

export function registerMoneyRoutes(app: FastifyInstance): void {
  app.get('/api/admin/cashboxes/balance', {
    schema: { tags: ['money'], summary: "The user's own cash register: name, balance, currency", response: { 200: ZCashboxBalanceReply } },
    config: { access: 'staff' },
  }, (req) => readOwnCashRegisterBalance(app.db, requireUser(req), app.config.APP_TIMEZONE));
}
