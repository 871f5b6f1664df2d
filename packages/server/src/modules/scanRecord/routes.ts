import { SCAN_RECORD_ADD_PATH, scanRecordAddBodySchema, scanRecordAddResultSchema } from '@rd/contract';
import type { App, AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { appRateLimitStore } from '../../platform/rateLimit/appRateLimitStore.js';
import { perIpLimit } from '../../platform/rateLimit/publicRateLimit.js';
import { requestScanContext } from '../securityCode/scanContext.js';
import { addScanRecord } from './addScanRecord.js';
import { scheduleScanPartitionUpkeep } from './partitions.js';

/**
 * scanCodeRecord/add (spec 7.7), public, and the upkeep of the scan records' monthly partitions. The
 * statistics calls of scanCodeRecord live in the statistics module.
 */
export async function scanRecordAddRoutes(app: App, { db, config }: AppContext) {
  const upkeep = scheduleScanPartitionUpkeep(
    db,
    { retentionMonths: config.scanRetentionMonths, rollupsInUse: config.statsRollupSeconds > 0 },
    (error) => app.log.error({ err: error }, 'scan record partition upkeep failed'),
  );
  app.addHook('onClose', () => upkeep.stop());
  const limit = perIpLimit(appRateLimitStore(app, config.redisUrl), 'scan', config.scanRateLimitPerMinute);
  app.post(SCAN_RECORD_ADD_PATH, {
    config: { access: 'public', audit: false },
    onRequest: limit,
    schema: {
      tags: ['verification'],
      summary: 'Record a scan event from the page, or attach the position to a check’s record by its token; never counts',
      body: scanRecordAddBodySchema,
      response: { 200: envelope(scanRecordAddResultSchema) },
    },
    handler: async (request) => {
      const added = await addScanRecord(db, request.body, requestScanContext(request));
      if (added.outcome === 'RECORDED') app.metrics.scanRecordsWritten(1);
      return ok(request, added);
    },
  });
}
