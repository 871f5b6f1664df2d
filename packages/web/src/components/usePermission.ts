import { hasPermission } from '@rd/contract';
import { useStore } from '../app/state/createStore';
import { sessionStore } from '../app/state/sessionStore';

/** Whether the signed-in user may use a button: user type '1' always, others by their permission list. */
export function usePermission(code: string | readonly string[]): boolean {
  const userType = useStore(sessionStore, (s) => s.user?.userType ?? '');
  const buttons = useStore(sessionStore, (s) => s.buttons);
  return hasPermission({ userType, permissionList: buttons }, code);
}
