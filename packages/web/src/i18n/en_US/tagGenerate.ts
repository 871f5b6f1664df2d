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
