import { describe, expect, it } from 'vitest';
import { HOME_VIEW, alivePaths, isViewActive, viewTarget, withVisit } from '../src/app/state/tagsViewStore';
import type { RouteMeta } from '../src/app/router/routeMeta';

const userInfo: RouteMeta = { name: 'UserInfo', title: '用户', titleEn: 'Users', menu: true };
const userView: RouteMeta = {
  name: 'UserView',
  title: '用户',
  titleEn: 'Users',
  previewOf: { name: 'UserInfo', path: '/p/userInfo' },
};
const loginLog: RouteMeta = { name: 'LoginLog', title: '登录日志', titleEn: 'Sign-in log', menu: true };

describe('tab bar', () => {
  it('starts with the fixed home tab', () => {
    expect(HOME_VIEW).toMatchObject({ name: 'Dashboard', path: '/dashboard/dashboard', title: '首页', titleEn: 'Home' });
    expect(HOME_VIEW.meta.affix).toBe(true);
  });

  it('adds a tab per visited path, once', () => {
    let views = withVisit([HOME_VIEW], userInfo, '/p/userInfo', '/p/userInfo');
    views = withVisit(views, loginLog, '/p/loginLog', '/p/loginLog?x=1');
    const same = withVisit(views, loginLog, '/p/loginLog', '/p/loginLog?x=1');
    expect(same).toBe(views);
    expect(views.map((v) => v.path)).toEqual(['/dashboard/dashboard', '/p/userInfo', '/p/loginLog']);
    expect(views[2]!.fullPath).toBe('/p/loginLog?x=1');
  });

  it('opens a hidden detail in place of its parent tab, keeping the position', () => {
    let views = withVisit([HOME_VIEW], userInfo, '/p/userInfo', '/p/userInfo');
    views = withVisit(views, loginLog, '/p/loginLog', '/p/loginLog');
    views = withVisit(views, userView, '/p/userView', '/p/userView?id=7');
    expect(views.map((v) => v.path)).toEqual(['/dashboard/dashboard', '/p/userInfo', '/p/loginLog']);
    expect(views[1]).toMatchObject({ subpath: '/p/userView?id=7', subName: 'UserView' });
    expect(viewTarget(views[1]!)).toBe('/p/userView?id=7');
    expect(isViewActive(views[1]!, '/p/userView')).toBe(true);
    expect([...alivePaths(views)]).toContain('/p/userView');
    // Back on the parent page, the tab is the parent's again.
    views = withVisit(views, userInfo, '/p/userInfo', '/p/userInfo');
    expect(views[1]!.subpath).toBeUndefined();
    expect(alivePaths(views).has('/p/userView')).toBe(false);
  });

  it('a detail opened directly creates its parent tab', () => {
    const views = withVisit([HOME_VIEW], userView, '/p/userView', '/p/userView?id=1');
    expect(views[1]).toMatchObject({ name: 'UserInfo', path: '/p/userInfo', subpath: '/p/userView?id=1' });
  });

  it('technical routes get no tab', () => {
    const views = [HOME_VIEW];
    expect(withVisit(views, { name: 'Redirect', title: '', titleEn: '', noTab: true }, '/redirect/x', '/redirect/x')).toBe(views);
  });
});
