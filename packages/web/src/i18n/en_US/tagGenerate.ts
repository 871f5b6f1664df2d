import type tagGenerate from '../zh_CN/tagGenerate';

/** Tag generation screen (English); typed by the Chinese file. */
const tagGenerateEn: typeof tagGenerate = {
  formTitle: 'Generate codes',
  rule: 'Tag rule',
  rulePlaceholder: 'Choose a tag rule',
  noRules: 'No tag rule is available: add and enable one under Tag rules first',
  quantity: 'Quantity',
  quantityHint: '1 to {{max}} codes',
  remark: 'Remark',
  remarkPlaceholder: 'Optional, e.g. what the codes are for',
  generate: 'Generate',
  queued: 'The generation job is queued',
  estimate: {
    title: 'Generate {{quantity}} codes?',
    time: 'Time: about {{duration}} (an estimate at {{rate}} codes a second, measured on this server’s finished large jobs; jobs ahead in the queue run first)',
    timeReference: 'Time: about {{duration}} (an estimate at the reference rate of {{rate}} codes a second: this server has not finished a large job to measure yet; jobs ahead in the queue run first)',
    sizes: 'Download sizes (estimated): CSV about {{csv}}, TXT about {{txt}}',
    limitsQr: 'QR images and label sheets take at most {{qr}} codes: download this job as CSV, TXT or Excel',
  },
  duration: { seconds: '{{s}} s', minutes: '{{m}} min {{s}} s', hours: '{{h}} h {{m}} min' },
  localhostWarning:
    'No public address is set (PUBLIC_BASE_URL): the QR codes of labels generated now will point at {{url}}, which consumers cannot reach. Ask an administrator to set the public address before generating.',
  jobs: 'Generation jobs',
  ruleName: 'Tag rule',
  progress: 'Progress',
  progressText: '{{progress}} / {{quantity}}',
  status: 'Status',
  error: 'Reason',
  createdBy: 'Created by',
  createdAt: 'Created',
  finishedAt: 'Ended',
  downloadCount: 'Downloads',
  timeRange: 'Created',
  beginTime: 'From',
  endTime: 'To',
  statuses: {
    QUEUED: 'Queued',
    RUNNING: 'Generating',
    DONE: 'Done',
    FAILED: 'Failed',
    CANCELLED: 'Cancelled',
  },
  modes: {
    RANDOM: 'Random',
    SEQUENTIAL: 'Sequential',
  },
  cancel: 'Cancel job',
  cancelTitle: 'Cancel the generation job',
  cancelConfirm: 'Cancel this job? The {{progress}} codes already made are kept.',
  cancelled: 'The job is cancelled',
};

export default tagGenerateEn;
