import { randomBytes } from 'node:crypto';
import { WX_SIGNATURE_PATH, wxSignatureQuerySchema, wxSignatureSchema } from '@rd/contract';
import type { App, AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/appError.js';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/http/schemas.js';
import { appRateLimitStore } from '../../platform/rateLimit/appRateLimitStore.js';
import { perIpLimit } from '../../platform/rateLimit/publicRateLimit.js';
import { sharedRedis } from '../../platform/redis/sharedRedis.js';
import { jsSdkSignature } from './jsSdkSignature.js';
import { wxTicketSource } from './wxTicketCache.js';

/** GET api/wx/getSignature (spec 7.7): the JS-SDK configuration of a page, signed on the server. */
export async function wxRoutes(app: App, { config }: AppContext) {
  const limit = perIpLimit(appRateLimitStore(app, config.redisUrl), 'wx', config.wxRateLimitPerMinute);
  const account =
    config.wxAppId && config.wxAppSecret ? { appId: config.wxAppId, appSecret: config.wxAppSecret, apiBase: config.wxApiBase } : null;
  const tickets = account ? wxTicketSource(account, sharedRedis(app, config.redisUrl)) : null;

  app.get(WX_SIGNATURE_PATH, {
    config: { access: 'public', audit: false },
    onRequest: limit,
    schema: {
      tags: ['verification'],
      summary: 'WeChat JS-SDK signature of a page URL (WX_APP_ID and WX_APP_SECRET must be configured)',
      querystring: wxSignatureQuerySchema,
      response: { 200: envelope(wxSignatureSchema) },
    },
    handler: async (request) => {
      if (!account || !tickets) throw new AppError('WX_NOT_CONFIGURED');
      const ticket = await tickets.ticket();
      const nonceStr = randomBytes(12).toString('base64url');
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = jsSdkSignature({ ticket, nonceStr, timestamp, url: request.query.url });
      return ok(request, { appId: account.appId, timestamp, nonceStr, signature });
    },
  });
}
