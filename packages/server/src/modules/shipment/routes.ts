import {
  PERMISSIONS,
  pageResultSchema,
  shipmentAddBodySchema,
  shipmentCodesBodySchema,
  shipmentIdBodySchema,
  shipmentIdQuerySchema,
  shipmentLineQuerySchema,
  shipmentLineSchema,
  shipmentPageQuerySchema,
  shipmentRowSchema,
  shipmentScanBodySchema,
  shipmentScanResultSchema,
  type ShipmentKind,
} from '@rd/contract';
import { z } from 'zod';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { requestLang } from '../../platform/http/lang.js';
import { envelope } from '../../platform/http/schemas.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { XLSX_CONTENT_TYPE } from '../../platform/export/xlsx.js';
import { eventSiteOf } from '../epcis/portalEvents.js';
import { ownCompany } from '../product/ownCompany.js';
import { shipmentExport, shipmentExportFileName } from './export.js';
import {
  cancelShipment,
  completeShipment,
  createShipment,
  getShipment,
  listLines,
  listShipments,
  receiveShipment,
  scanIntoShipment,
  unscanFromShipment,
} from './service.js';

const TAGS = ['shipment'];

export async function shipmentRoutes(app: App, { db, config }: AppContext) {
  const site = eventSiteOf(config);

  app.post('/acc/api/shipment/pageList', {
    config: { access: { permission: PERMISSIONS.shipmentList } },
    schema: { tags: TAGS, summary: 'Outbound orders and returns, by order number, kind, status, dealer and day', body: shipmentPageQuerySchema, response: { 200: envelope(pageResultSchema(shipmentRowSchema)) } },
    handler: async (request) => ok(request, await listShipments(db, currentPrincipal(request), request.body, config.businessTimeZone)),
  });

  app.post('/acc/api/shipment/export', {
    config: { access: { permission: PERMISSIONS.shipmentExport }, audit: { module: 'shipment', action: 'EXPORT' } },
    schema: { tags: TAGS, summary: 'The matching orders as an .xlsx file, newest first', body: shipmentPageQuerySchema },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const stream = shipmentExport(db, ownCompany(currentPrincipal(request)), request.body, lang, config.businessTimeZone, (error) =>
        request.log.error({ err: error }, 'shipment export failed after it started'),
      );
      return asAttachment(reply, shipmentExportFileName(lang, config.businessTimeZone), XLSX_CONTENT_TYPE).send(stream);
    },
  });

  app.get('/acc/api/shipment/getById', {
    config: { access: { permission: PERMISSIONS.shipmentList } },
    schema: { tags: TAGS, summary: 'One order', querystring: shipmentIdQuerySchema, response: { 200: envelope(shipmentRowSchema) } },
    handler: async (request) => ok(request, await getShipment(db, currentPrincipal(request), request.query.id)),
  });

  app.post('/acc/api/shipment/lines', {
    config: { access: { permission: PERMISSIONS.shipmentList } },
    schema: { tags: TAGS, summary: 'The codes of an order, newest first', body: shipmentLineQuerySchema, response: { 200: envelope(pageResultSchema(shipmentLineSchema)) } },
    handler: async (request) => ok(request, await listLines(db, currentPrincipal(request), request.body)),
  });

  app.post('/acc/api/shipment/receive', {
    config: { access: { permission: PERMISSIONS.shipmentReceive } },
    schema: { tags: TAGS, summary: 'The dealer has the goods of a completed outbound order (EPCIS receiving)', body: shipmentIdBodySchema, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await receiveShipment(db, currentPrincipal(request), request.body.id, site);
      return ok(request, null);
    },
  });

  // outbound orders under /shipment, returns under /shipment/return: each kind with its own permission
  const kinds: Array<{ kind: ShipmentKind; base: string; permission: string; name: string }> = [
    { kind: 'OUTBOUND', base: '/acc/api/shipment', permission: PERMISSIONS.shipmentShip, name: 'outbound order' },
    { kind: 'RETURN', base: '/acc/api/shipment/return', permission: PERMISSIONS.shipmentReturn, name: 'return' },
  ];
  for (const { kind, base, permission, name } of kinds) {
    app.post(`${base}/add`, {
      config: { access: { permission } },
      schema: { tags: TAGS, summary: `Opens a ${name} for a dealer`, body: shipmentAddBodySchema, response: { 200: envelope(shipmentRowSchema) } },
      handler: async (request) => ok(request, await createShipment(db, currentPrincipal(request), kind, request.body, config.businessTimeZone)),
    });
    app.post(`${base}/scan`, {
      config: { access: { permission } },
      schema: {
        tags: TAGS,
        summary: `Adds scanned item or box codes to an open ${name}, all or none (a box brings everything in it; a code inside a box is refused unless unpack takes it out)`,
        body: shipmentScanBodySchema,
        response: { 200: envelope(shipmentScanResultSchema) },
      },
      handler: async (request) => ok(request, await scanIntoShipment(db, currentPrincipal(request), kind, request.body, requestLang(request), site)),
    });
    app.post(`${base}/unscan`, {
      config: { access: { permission } },
      schema: { tags: TAGS, summary: `Takes codes out of an open ${name}`, body: shipmentCodesBodySchema },
      handler: async (request) => ok(request, await unscanFromShipment(db, currentPrincipal(request), kind, request.body, requestLang(request))),
    });
    app.post(`${base}/complete`, {
      config: { access: { permission } },
      schema: { tags: TAGS, summary: `Completes an open ${name}: the goods move, with their EPCIS event`, body: shipmentIdBodySchema, response: { 200: envelope(z.null()) } },
      handler: async (request) => {
        await completeShipment(db, currentPrincipal(request), kind, request.body.id, site);
        return ok(request, null);
      },
    });
    app.post(`${base}/cancel`, {
      config: { access: { permission } },
      schema: { tags: TAGS, summary: `Cancels an open ${name}: its codes are free again`, body: shipmentIdBodySchema, response: { 200: envelope(z.null()) } },
      handler: async (request) => {
        await cancelShipment(db, currentPrincipal(request), kind, request.body.id);
        return ok(request, null);
      },
    });
  }
}
