import type { FastifyInstance } from 'fastify';
import { registerDeclarationDocumentRoutes } from './documents/routes';
import { registerDeclarationListRoutes, registerDeclarationMainListRoutes } from './lists/routes';
import { registerDeclarationMarketplaceRoutes } from './marketplace/routes';
import { registerConflictedDeclarationRoutes } from './unknowns/routes';
import { registerDeclarationWorkflowExtraRoutes, registerDeclarationWorkflowRoutes } from './workflow/routes';

/** Every route of the declarations domain, part by part (app.ts registers this). */
export function registerDeclarationRoutes(server: FastifyInstance): void {
  registerDeclarationMainListRoutes(server);
  registerDeclarationWorkflowRoutes(server);
  registerConflictedDeclarationRoutes(server);
  registerDeclarationWorkflowExtraRoutes(server);
  registerDeclarationMarketplaceRoutes(server);
  registerDeclarationListRoutes(server);
  registerDeclarationDocumentRoutes(server);
}
