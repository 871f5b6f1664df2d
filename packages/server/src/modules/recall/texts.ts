import type { Lang, RecallCloseDisposition, RecallState } from '@rd/contract';

/** Labels of a recall's values in files, in the reader's language (the screens have theirs in the web's i18n). */
export const RECALL_TEXTS: Record<
  Lang,
  { levels: Record<1 | 2 | 3, string>; states: Record<RecallState, string>; dispositions: Record<RecallCloseDisposition, string> }
> = {
  zh_CN: {
    levels: { 1: '一级召回', 2: '二级召回', 3: '三级召回' },
    states: { DRAFT: '草稿', ACTIVE: '召回中', CLOSED: '已结束' },
    dispositions: { destroyed: '已销毁', active: '已放行（恢复正常）', non_sellable_other: '停止销售' },
  },
  en_US: {
    levels: { 1: 'Class I', 2: 'Class II', 3: 'Class III' },
    states: { DRAFT: 'Draft', ACTIVE: 'Active', CLOSED: 'Closed' },
    dispositions: { destroyed: 'Destroyed', active: 'Cleared, back in force', non_sellable_other: 'Withdrawn from sale' },
  },
};
