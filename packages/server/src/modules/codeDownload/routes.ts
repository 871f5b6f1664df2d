import {
  downloadCodeQuerySchema,
  downloadQrQuerySchema,
  formatMessage,
  PERMISSIONS,
  QR_DOWNLOAD_MAX_CODES,
  type Lang,
  wallClockIn,
} from '@rd/contract';
import type { FastifyRequest } from 'fastify';
import { currentPrincipal } from '../../platform/access/guard.js';
import type { App, AppContext } from '../../platform/context.js';
import { businessClock } from '../../platform/export/businessClock.js';
import { AppError } from '../../platform/http/appError.js';
import { asAttachment } from '../../platform/http/attachment.js';
import { paramsInBodyOrQuery } from '../../platform/http/paramsInBodyOrQuery.js';
import { requestLang } from '../../platform/http/lang.js';
import { companySecret } from '../rule/companySecret.js';
import { CODE_FILE_TYPES, codeSheet } from './codeFiles.js';
import { CODE_LINE_WORKER, codeLines } from './codeLines.js';
import { countDownload, downloadableJob, type DownloadJob } from './job.js';
import { jobCodeBatches, jobCodeText } from './jobCodes.js';
import { labelContentOf, plainLabelForm } from './labelContent.js';
import { LABEL_LAYOUT_SPECS } from './labelLayouts.js';
import { labelSheet } from './labelSheet.js';
import { QrPool } from './qrPool.js';
import { qrZip } from './qrZip.js';
import { DOWNLOAD_TEXTS } from './texts.js';
import { WorkerPool } from './workerPool.js';

const TAGS = ['code generation'];
const AUDIT = { module: 'codeRecord', action: 'EXPORT' };

/** A job too large for the asked format: PARAM_CHECK naming the limit and the format to use instead. */
function tooLarge(lang: Lang, count: number, max: number) {
  const message = formatMessage(DOWNLOAD_TEXTS[lang].tooManyForImages, { count, max });
  return new AppError('PARAM_CHECK', undefined, [{ field: 'format', message }]);
}

/** 标签-<rule>-20260131-1a2b3c4d.csv: the rule, the job's (business) day and the start of its id. */
function fileName(prefix: string, job: DownloadJob, extension: string, timeZone: string): string {
  return `${prefix}-${job.ruleName}-${businessClock(timeZone).dateStamp(job.createdAt)}-${job.id.slice(0, 8)}.${extension}`;
}

/**
 * Downloads of a generation job's codes (api/codeRecord downloadCode and downloadQRCode). Every download
 * counts on the job and is an EXPORT entry of the operation log.
 */
export async function codeDownloadRoutes(app: App, { db, database, config }: AppContext) {
  const pool = new QrPool();
  const linePool = new WorkerPool(CODE_LINE_WORKER, 'code lines not written');
  app.addHook('onClose', () => Promise.all([pool.close(), linePool.close()]));

  /** The job, its label contents and the stream of its codes, once the download is allowed. */
  async function prepare(request: FastifyRequest, id: string, max?: number) {
    const lang = requestLang(request);
    const job = await downloadableJob(db, currentPrincipal(request), id);
    if (max !== undefined && job.progress > max) throw tooLarge(lang, job.progress, max);
    const secret = job.hiddenLength > 0 ? await companySecret(db, job.companyId) : null;
    await countDownload(db, job.id);
    const onError = (error: unknown) => request.log.error({ err: error, jobId: job.id }, 'download failed after it started');
    return { lang, job, secret, texts: DOWNLOAD_TEXTS[lang], labelOf: labelContentOf(config.publicBaseUrl, job, secret), onError };
  }

  app.get('/acc/api/codeRecord/downloadCode', {
    config: { access: { permission: PERMISSIONS.codeRecordDownload }, audit: AUDIT },
    schema: {
      tags: TAGS,
      summary:
        "The job's codes in insertion order, code, URL and hidden code (when the rule has one): XLSX for people (codes as text, 1,048,575 a sheet, further sheets after), CSV or TXT for coders and printers",
      querystring: downloadCodeQuerySchema,
    },
    handler: async (request, reply) => {
      const { id, format } = request.query;
      const { job, secret, texts, labelOf, onError } = await prepare(request, id);
      const input = { labelOf, withHidden: job.hiddenLength > 0, texts, onError };
      const stream =
        format === 'xlsx'
          ? codeSheet({ ...input, batches: jobCodeBatches(database, job.id) })
          : codeLines(format, {
              ...input,
              text: jobCodeText(database, job.id),
              workers: { pool: linePool, form: plainLabelForm(config.publicBaseUrl, job, secret) },
            });
      return asAttachment(reply, fileName(texts.fileName, job, format, config.businessTimeZone), CODE_FILE_TYPES[format]).send(stream);
    },
  });

  // POST per spec 7; the parameters may be sent in the body or the query string
  app.post('/acc/api/codeRecord/downloadQRCode', {
    config: { access: { permission: PERMISSIONS.codeRecordDownload }, audit: AUDIT },
    preValidation: paramsInBodyOrQuery,
    schema: {
      tags: TAGS,
      summary: `QR codes of a job (at most ${QR_DOWNLOAD_MAX_CODES} codes): a ZIP of SVG or PNG images, or a PDF label sheet; parameters in the body or the query string`,
      body: downloadQrQuerySchema,
    },
    handler: async (request, reply) => {
      const { id, format, layout } = request.body;
      const { job, texts, labelOf, onError } = await prepare(request, id, QR_DOWNLOAD_MAX_CODES);
      const batches = jobCodeBatches(database, job.id);
      if (format === 'pdf') {
        const stream = labelSheet({
          layout: LABEL_LAYOUT_SPECS[layout],
          batches,
          labelOf,
          pool,
          hiddenCaption: { cjk: texts.hiddenCaption, latin: DOWNLOAD_TEXTS.en_US.hiddenCaption },
          title: fileName(texts.labelFileName, job, 'pdf', config.businessTimeZone),
          onError,
        });
        return asAttachment(reply, fileName(`${texts.labelFileName}-${layout}`, job, 'pdf', config.businessTimeZone), 'application/pdf').send(stream);
      }
      const stream = qrZip({ kind: format, batches, labelOf, pool, onError, modified: wallClockIn(config.businessTimeZone) });
      return asAttachment(reply, fileName(`${texts.qrFileName}-${format}`, job, 'zip', config.businessTimeZone), 'application/zip').send(stream);
    },
  });
}
