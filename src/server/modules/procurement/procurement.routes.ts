// The procurement routes (issue 28 item 9): suppliers and the catalogue first. Suppliers are the county's: read by
// those who order, approve and receive, kept by the procurement officer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogImportSchema, catalogItemSchema, createSupplierBody, importCatalogBody, listCatalogQuery, listSuppliersQuery, supplierSchema, updateSupplierBody } from '../../../shared/procurement/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import { importCatalog, listCatalog } from './catalog.service.js';
import { createSupplier, listSuppliers, updateSupplier } from './suppliers.service.js';
import { orderRoutes } from './orders.routes.js';
import { receiptRoutes } from './receipts.routes.js';

export function procurementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/procurement/suppliers', { config: allow('procurement:read'), schema: { querystring: listSuppliersQuery, response: list(supplierSchema) } }, async (request) =>
    listSuppliers(ctxOf(request, deps), request.query),
  );
  r.post('/api/procurement/suppliers', { config: allow('procurement:manage'), schema: { body: createSupplierBody, response: created(supplierSchema) } }, async (request, reply) =>
    reply.status(201).send(await createSupplier(ctxOf(request, deps), request.body)),
  );
  r.patch('/api/procurement/suppliers/:id', { config: allow('procurement:manage'), schema: { params: idParam, body: updateSupplierBody, response: ok(supplierSchema) } }, async (request) =>
    updateSupplier(ctxOf(request, deps), request.params.id, request.body),
  );
  // Import Catalog: a supplier's price list or KEMSA's product list (a dry run previews; a wrong line writes nothing).
  r.post('/api/procurement/catalog/import', { config: allow('procurement:manage'), schema: { body: importCatalogBody, response: ok(catalogImportSchema) } }, async (request) =>
    importCatalog(ctxOf(request, deps), request.body),
  );
  r.get('/api/procurement/catalog', { config: allow('procurement:read'), schema: { querystring: listCatalogQuery, response: list(catalogItemSchema) } }, async (request) =>
    listCatalog(ctxOf(request, deps), request.query),
  );
  orderRoutes(app, deps);
  receiptRoutes(app, deps);
}
