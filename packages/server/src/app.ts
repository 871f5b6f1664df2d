import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readPlainTimesIn } from '@rd/contract';
import { installAccessGuard } from './platform/access/guard.js';
import { installOperationLog } from './platform/audit/operationLog.js';
import type { App, AppContext } from './platform/context.js';
import { installApiDocs } from './platform/http/docs.js';
import { ZOD_COMPILERS } from './platform/http/zodCompilers.js';
import { installLifecycle } from './platform/lifecycle.js';
import { installMetrics } from './platform/metrics/metrics.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { installErrorHandler } from './platform/http/errorHandler.js';
import { installLanguage } from './platform/http/lang.js';
import { installTextGuard } from './platform/http/textGuard.js';
import { installSecurityHeaders } from './platform/http/securityHeaders.js';
import { installWebApp } from './platform/http/webApp.js';
import { installJsonCompression } from './platform/http/compression.js';
import { deptRoutes } from './modules/dept/routes.js';
import { dictRoutes } from './modules/dict/routes.js';
import { ruleRoutes } from './modules/rule/routes.js';
import { fileRoutes } from './modules/file/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { operationLogRoutes } from './modules/operationLog/routes.js';
import { loginLogRoutes } from './modules/loginLog/routes.js';
import { onlineUserRoutes } from './modules/onlineUser/routes.js';
import { sessionRoutes } from './modules/session/routes.js';
import { userinfoRoutes } from './modules/userinfo/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { roleRoutes } from './modules/role/routes.js';
import { userPermissionRoutes } from './modules/userPermission/routes.js';
import { productRoutes } from './modules/product/routes.js';
import { templateRoutes } from './modules/template/routes.js';
import { batchRoutes } from './modules/batch/routes.js';
import { companyInfoRoutes } from './modules/companyInfo/routes.js';
import { registerRoutes } from './modules/register/routes.js';
import { medicinalRoutes } from './modules/medicinal/routes.js';
import { farmerRoutes } from './modules/farmer/routes.js';
import { materialTypeRoutes } from './modules/materialType/routes.js';
import { codeRecordRoutes } from './modules/codeRecord/routes.js';
import { codeRoutes } from './modules/code/routes.js';
import { codeBulkRoutes } from './modules/code/bulkRoutes.js';
import { codeDownloadRoutes } from './modules/codeDownload/routes.js';
import { securityCodeRoutes } from './modules/securityCode/routes.js';
import { scanRecordAddRoutes } from './modules/scanRecord/routes.js';
import { boxCodeRoutes } from './modules/boxCode/routes.js';
import { codeBindingRoutes } from './modules/codeBinding/routes.js';
import { wxRoutes } from './modules/wx/routes.js';
import { gs1Routes } from './modules/gs1/routes.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import { epcisRoutes } from './modules/epcis/routes.js';
import { apiKeyRoutes } from './modules/apiKey/routes.js';
import { dealerRoutes } from './modules/dealer/routes.js';
import { shipmentRoutes } from './modules/shipment/routes.js';
import { channelConflictRoutes } from './modules/channelConflict/routes.js';
import { recallRoutes } from './modules/recall/routes.js';
import { supportViewRoutes } from './modules/supportView/routes.js';

/** Every business area registers its routes here, in one place. */
const MODULES: Array<(app: App, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  metricsRoutes,
  sessionRoutes,
  userinfoRoutes,
  roleRoutes,
  menuRoutes,
  userPermissionRoutes,
  codeRecordRoutes,
  codeRoutes,
  codeBulkRoutes,
  codeDownloadRoutes,
  loginLogRoutes,
  operationLogRoutes,
  boxCodeRoutes,
  codeBindingRoutes,
  fileRoutes,
  onlineUserRoutes,
  deptRoutes,
  dictRoutes,
  productRoutes,
  templateRoutes,
  batchRoutes,
  companyInfoRoutes,
  registerRoutes,
  medicinalRoutes,
  farmerRoutes,
  materialTypeRoutes,
  ruleRoutes,
  securityCodeRoutes,
  scanRecordAddRoutes,
  wxRoutes,
  gs1Routes,
  statisticsRoutes,
  epcisRoutes,
  apiKeyRoutes,
  dealerRoutes,
  shipmentRoutes,
  channelConflictRoutes,
  recallRoutes,
  supportViewRoutes,
];

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Builds the whole HTTP application on an open, migrated database. Tests build it too, without listening. */
export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<App> {
  const { config } = ctx;
  // A time filter written without an offset means the business zone's wall clock, like the times exports show.
  readPlainTimesIn(config.businessTimeZone);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers["x-rd-request-apitoken"]', 'req.headers.authorization', 'req.headers.cookie'],
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  installErrorHandler(app);
  installLanguage(app);
  installTextGuard(app);
  installLifecycle(app);
  installMetrics(app, ctx);

  installSecurityHeaders(app);
  // Before every route (and the static files), so its hook is on each of them.
  await installJsonCompression(app);
  await app.register(rateLimit, { global: false });
  if (config.apiDocs) installApiDocs(app, { publicBaseUrl: config.publicBaseUrl });

  installOperationLog(app, ctx.db);
  installAccessGuard(app, ctx.db, { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours });
  for (const register of MODULES) await register(app, ctx);
  await installWebApp(app, config.webDistDir);
  return app;
}
