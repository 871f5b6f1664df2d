import { Spin } from 'antd';
import { useStore } from '../app/state/createStore';
import { loadingStore } from '../api/loading';

/** Full-screen spinner while any call that wants it is pending; the short delay avoids a flash. */
export function LoadingOverlay() {
  const pending = useStore(loadingStore, (s) => s.pending);
  return <Spin fullscreen spinning={pending > 0} delay={150} />;
}
