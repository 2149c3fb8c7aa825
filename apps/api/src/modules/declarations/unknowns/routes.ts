import {
  ZConflictedAcceptForm, ZConflictedCreateForm, ZConflictedEditForm, ZConflictedIdQuery, ZConflictedInfoReply, ZConflictedListQuery, ZConflictedListReply,
} from '@app/contract/conflicted-declarations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/auth/guard';
import {
  acceptConflictedDeclaration, cancelConflictedDeclaration, createConflictedDeclaration, editConflictedDeclaration,
  listConflictedDeclarations, readConflictedDeclaration, readConflictedDocument,
} from './service';

const tags = ['conflicted declarations'];
const access = { permission: 'conflicted_declarations' } as const;

/** Unknown (conflicted) declarations (spec §7 "Conflicted"). */
export function registerConflictedDeclarationRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/v2/conflicted_declaration/list', {
    schema: { tags, summary: 'Open unknown declarations (not accepted, not deleted)', querystring: ZConflictedListQuery, response: { 200: ZConflictedListReply } },
    config: { access },
  }, (req) => listConflictedDeclarations(app.db, req.query, tz()));

  app.get('/api/admin/conflicted_declaration/info', {
    schema: { tags, summary: 'One unknown declaration', querystring: ZConflictedIdQuery, response: { 200: ZConflictedInfoReply } },
    config: { access },
  }, (req) => readConflictedDeclaration(app.db, req.query.conflicted_declaration_id, tz()));

  app.get('/api/admin/conflicted_declaration/document', {
    schema: { tags, summary: "The unknown declaration's document", querystring: ZConflictedIdQuery },
    config: { access },
  }, async (req, reply) => {
    const file = await readConflictedDocument(app.db, app.files, req.query.conflicted_declaration_id);
    return reply.header('content-type', file.mime).header('content-disposition', `inline; filename="${file.name}"`).send(file.data);
  });

  app.post('/api/admin/conflicted_declaration/create', {
    schema: { tags, summary: 'Create (form, multipart): status 90 Unknown', body: ZConflictedCreateForm },
    config: { access },
  }, (req) => createConflictedDeclaration(app.db, app.files, requireUser(req), req.body, tz()));

  app.post('/api/admin/conflicted_declaration/edit', {
    schema: { tags, summary: 'Edit (form); office staff resolve it (91)', body: ZConflictedEditForm },
    config: { access },
  }, (req) => editConflictedDeclaration(app.db, app.files, requireUser(req), req.body, tz()));

  app.post('/api/admin/conflicted_declaration/accept', {
    schema: { tags, summary: 'Accept into a normal declaration (status 7)', body: ZConflictedAcceptForm },
    config: { access },
  }, (req) => acceptConflictedDeclaration(app.db, app.files, requireUser(req), req.body));

  app.post('/api/admin/conflicted_declaration/cancel', {
    schema: { tags, summary: 'Delete (soft); needs declaration_cancel', querystring: ZConflictedIdQuery },
    config: { access: { permission: 'declaration_cancel' } },
  }, (req) => cancelConflictedDeclaration(app.db, requireUser(req), req.query.conflicted_declaration_id));
}
