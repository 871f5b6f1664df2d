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

/** A job's labels as the code-line workers write them, for codes of ASCII letters and digits (codeLineWorker.mjs). */
export interface PlainLabelForm {
  /** A plain code's URL is this followed by the code. */
  urlHead: string;
  /** The company secret when the rule prints hidden codes, else null. */
  secret: Buffer | null;
  hiddenLength: number;
}

/** Every ASCII letter and digit: a code made of them is what the workers write. */
const PLAIN_PROBE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * How `labelContentOf` labels plain codes, when that is a URL ending in the code as it is (every form today);
 * null otherwise, and every label is then made by `labelContentOf` itself.
 */
export function plainLabelForm(publicBaseUrl: string, job: DownloadJob, secret: Buffer | null): PlainLabelForm | null {
  const urlOptions = { urlForm: job.urlForm, gtin: job.gtin, batchNo: job.batchNo };
  const urlHead = codeUrl(publicBaseUrl, '', urlOptions);
  if (codeUrl(publicBaseUrl, PLAIN_PROBE, urlOptions) !== urlHead + PLAIN_PROBE) return null;
  return { urlHead, secret: job.hiddenLength > 0 && secret ? secret : null, hiddenLength: job.hiddenLength };
}
