import type { MenuConfNode, MenuSaveBody } from '@rd/contract';
import { apiDelete, apiGet, apiPost } from './http';

/** Calls of the menu configuration screen (spec 7.4, /acc/menuConf/*). */

export type MenuSaveRequest = Partial<MenuSaveBody> & Pick<MenuSaveBody, 'menuName' | 'menuNameEn' | 'menuCode' | 'type'>;

export function fetchMenuConf() {
  return apiGet<MenuConfNode[]>('/acc/menuConf/queryList', undefined, { silent: true });
}

/** Creates the element when the body has no id, else updates it. */
export function saveMenu(body: MenuSaveRequest) {
  return apiPost<{ id: string }>('/acc/menuConf/saveOrUpdateMenu', body);
}

export function deleteMenu(id: string) {
  return apiDelete<null>(`/acc/menuConf/deleteMenu/${encodeURIComponent(id)}`);
}
