import { hasPermission } from '@rd/contract';
import { useStore } from '../app/state/createStore';
import { sessionStore } from '../app/state/sessionStore';

/** Whether the signed-in user may use a button, by the permission list the server gave (user type '1' included). */
export function usePermission(code: string | readonly string[]): boolean {
  const userType = useStore(sessionStore, (s) => s.user?.userType ?? '');
  const buttons = useStore(sessionStore, (s) => s.buttons);
  return hasPermission({ userType, permissionList: buttons }, code);
}
