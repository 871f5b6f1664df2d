import type common from '../zh_CN/common';

/** Words every screen uses (English); typed by the Chinese file. */
const commonEn: typeof common = {
  search: 'Search',
  reset: 'Reset',
  confirm: 'OK',
  cancel: 'Cancel',
  operation: 'Actions',
  operationSuccess: 'Done',
  total: '{{total}} in total',
  loading: 'Loading…',
  all: 'All',
};

export default commonEn;
