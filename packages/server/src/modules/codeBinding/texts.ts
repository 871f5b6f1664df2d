import { BINDING_UNDO_MINUTES, type Lang } from '@rd/contract';

/** Why an undo of a binding is refused (the {reason} of BINDING_UNDO_REFUSED). */
export const UNDO_REASONS: Record<Lang, Record<'notBound' | 'notYours' | 'tooLate' | 'changedSince' | 'scanned' | 'packed' | 'inOrder', string>> = {
  zh_CN: {
    notBound: '该码未通过扫码绑定到批次',
    notYours: '只能撤销本人的绑定',
    tooLate: `只能撤销 ${BINDING_UNDO_MINUTES} 分钟内的绑定`,
    changedSince: '该码的状态已改变',
    scanned: '该码已被消费者扫码查询',
    packed: '该码已装入箱 {box}，请先从箱中取出',
    inOrder: '该码已在未完成的出入库单 {order} 中，请先从单据中移除',
  },
  en_US: {
    notBound: 'the code was not bound to a batch by scanning',
    notYours: 'only your own bindings can be undone',
    tooLate: `only bindings of the last ${BINDING_UNDO_MINUTES} minutes can be undone`,
    changedSince: 'the code’s status has changed since',
    scanned: 'a consumer has already scanned the code',
    packed: 'the code is packed in box {box}: take it out of the box first',
    inOrder: 'the code is in the open order {order}: take it out of the order first',
  },
};
