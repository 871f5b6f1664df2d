import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// A thin bar only: the spinner would compete with the page's own loading indicators.
NProgress.configure({ showSpinner: false });

export const startProgress = (): void => {
  NProgress.start();
};
export const doneProgress = (): void => {
  NProgress.done();
};
