import { SUPPORT_VIEW_CLOSE_PATH, SUPPORT_VIEW_OPEN_PATH, type SupportView, type SupportViewOpenBody } from '@rd/contract';
import { apiPost } from './http';

export function openSupportView(body: SupportViewOpenBody): Promise<SupportView> {
  return apiPost<SupportView>(SUPPORT_VIEW_OPEN_PATH, body);
}

export function closeSupportView(): Promise<null> {
  return apiPost<null>(SUPPORT_VIEW_CLOSE_PATH);
}
