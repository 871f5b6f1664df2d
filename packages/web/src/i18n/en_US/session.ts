import type session from '../zh_CN/session';

/** Session loading (English); typed by the Chinese file. */
const sessionEn: typeof session = {
  verifyFailed: 'Verification failed, please login again.',
};

export default sessionEn;
