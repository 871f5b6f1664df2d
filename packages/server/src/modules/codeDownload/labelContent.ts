import { codeUrl } from '../rule/codeMaker.js';
import { hiddenCodeMaker } from './hiddenCodes.js';
import type { DownloadJob } from './job.js';

/** What one label of a job carries: the code, the URL in its QR image, and the hidden code if the rule has one. */
export interface LabelContent {
  code: string;
  url: string;
  /** '' when the rule prints no hidden code. */
  hidden: string;
}

/**
 * The label contents of a job's codes. The URL is the rule's form: a GS1 Digital Link when the rule asks
 * for it and the job's product has a GTIN (with the batch number when the job has a batch), else the scan URL.
 */
export function labelContentOf(publicBaseUrl: string, job: DownloadJob, secret: Buffer | null): (code: string) => LabelContent {
  const urlOptions = { urlForm: job.urlForm, gtin: job.gtin, batchNo: job.batchNo };
  const hidden = job.hiddenLength > 0 && secret ? hiddenCodeMaker(secret, job.hiddenLength) : () => '';
  return (code) => ({ code, url: codeUrl(publicBaseUrl, code, urlOptions), hidden: hidden(code) });
}
