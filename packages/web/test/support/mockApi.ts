import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { LoginUser, MenuNode } from '@rd/contract';
import { http } from '../../src/api/http';

export type Route = (config: InternalAxiosRequestConfig) => { status?: number; data: unknown } | undefined;

/** Answers the app's calls from `route`; an unknown call gets a 404 envelope. */
export function mockApi(route: Route): InternalAxiosRequestConfig[] {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const answer = route(config) ?? { status: 404, data: { code: 'NOT_FOUND', msg: 'not found', data: null } };
    return { data: answer.data, status: answer.status ?? 200, statusText: '', headers: new AxiosHeaders(), config, request: {} };
  };
  http.defaults.adapter = adapter;
  return calls;
}

export const envelope = (data: unknown) => ({ data: { code: 'SUCCESS', msg: '', data } });

function menu(menuCode: string, url: string, level: number, children: MenuNode[] = [], menuIcon = ''): MenuNode {
  return { menuCode, url, title: `${menuCode}标题`, titleEn: `${menuCode} title`, menuIcon, isShow: '1', level, sort: 0, children };
}

/** The seeded tree's shape: accPortal → enterprise → systemMg → screens. */
export const MENUS: MenuNode[] = [
  menu('accPortal', '', 0, [
    menu('enterprise', '', 1, [
      menu(
        'systemMg',
        '',
        2,
        [menu('loginLog', 'LoginLog', 3), menu('onlineUser', 'OnlineUser', 3), menu('userInfo', 'UserInfo', 3)],
        'SettingOutlined',
      ),
    ]),
  ]),
];

export const USER: LoginUser = {
  userId: '1',
  usercode: 'U0001',
  username: 'admin',
  name: '管理员',
  avatar: '',
  userType: '3',
  platformUserType: '3',
  merchantCode: 'M1',
  companyName: '示例企业',
  projectInfo: 'P1',
  roles: ['ADMIN'],
  menus: MENUS,
  permissionList: ['system:loginlog:list', 'system:session:list', 'system:session:kick'],
  timeZone: 'Asia/Shanghai',
  supportView: null,
};

export const emptyPage = envelope({ total: 0, list: [], pageNum: 1, pageSize: 10 });
