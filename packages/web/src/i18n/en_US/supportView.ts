import type zh from '../zh_CN/supportView';

/** The read-only support view of one company (English). */
const supportView: typeof zh = {
  open: 'Support view',
  title: 'Support view: {{company}}',
  explain:
    "Look at this company's screens read-only: nothing can be changed. The opening and its reason go to the operation log, which the company's administrators also read; the view ends by itself, or when you leave it.",
  reason: 'Reason',
  reasonPlaceholder: 'e.g. the ticket number and what the company reported',
  banner: 'Read-only support view of the company “{{company}}” (ends by itself at {{until}})',
  leave: 'Leave support view',
};

export default supportView;
