import { describe, expect, it } from 'vitest';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { MenuNode } from '@rd/contract';
import { generateMenuRoutes, flattenViews } from '../src/app/router/menuRoutes';
import { collectMenuGroups, groupOfPath } from '../src/app/router/menuGroups';
import { toRouteObjects } from '../src/app/router/menuRouteObjects';
import { NEVER_CACHED_VIEWS, ROUTE_TABLE, isNeverCached, type RouteTableEntry } from '../src/app/routeTable';

const view = (name: string) => (() => name) as unknown as LazyExoticComponent<ComponentType>;

const TABLE: RouteTableEntry[] = [
  { name: 'LoginLog', path: 'loginLog', component: view('LoginLog') },
  { name: 'OnlineUser', path: 'onlineUser', component: view('OnlineUser') },
  {
    name: 'UserInfo',
    path: 'userInfo',
    component: view('UserInfo'),
    preview: { name: 'UserView', path: 'userView', component: view('UserView') },
  },
  { name: 'TagRule', path: 'tagRule', component: view('TagRule'), preview: { name: 'TagRuleDetail', path: 'tagRuleDetail' } },
  { name: 'Record', path: 'record', component: view('Record') },
];

let sort = 0;
function node(menuCode: string, url: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode {
  return {
    menuCode,
    url,
    title: `${menuCode}-zh`,
    titleEn: `${menuCode}-en`,
    menuIcon: 'SettingOutlined',
    isShow: '1',
    level: 0,
    sort: sort++,
    children,
    ...extra,
  };
}

function seededTree(): MenuNode[] {
  return [
    node('accPortal', '', [
      node('enterprise', '', [
        node('systemMg', '', [
          node('loginLog', 'LoginLog'),
          node('onlineUser', 'OnlineUser'),
          node('userInfo', 'UserInfo'),
          node('menuConf', 'MenuConf'), // no screen yet: dropped
        ]),
        node('tagMg', '', [node('tagRule', 'TagRule'), node('tagDetail', 'TagDetail')], { menuIcon: 'TagsOutlined' }),
        node('productMg', '', [node('product', 'Product')]), // nothing known: the group goes too
      ]),
    ]),
  ];
}

describe('menus → routes (spec 2.4)', () => {
  it('gives level 0 "/" + menuCode in the main layout and deeper items their bare code in a pass-through', () => {
    const [top] = generateMenuRoutes(seededTree(), TABLE);
    expect(top).toMatchObject({ path: '/accPortal', fullPath: '/accPortal', container: 'layout' });
    const enterprise = top!.children[0]!;
    expect(enterprise).toMatchObject({ path: 'enterprise', fullPath: '/accPortal/enterprise', container: 'passThrough' });
    const systemMg = enterprise.children.find((r) => r.menuCode === 'systemMg')!;
    expect(systemMg).toMatchObject({ path: 'systemMg', container: 'passThrough' });
    expect(systemMg.children.find((r) => r.name === 'LoginLog')).toMatchObject({
      path: 'loginLog',
      fullPath: '/accPortal/enterprise/systemMg/loginLog',
      container: 'view',
      title: 'loginLog-zh',
      titleEn: 'loginLog-en',
    });
  });

  it('drops unmatched leaves and groups left empty', () => {
    const views = flattenViews(generateMenuRoutes(seededTree(), TABLE));
    expect(views.map((v) => v.name)).toEqual(['LoginLog', 'OnlineUser', 'UserInfo', 'UserView', 'TagRule', 'TagRuleDetail']);
    const enterprise = generateMenuRoutes(seededTree(), TABLE)[0]!.children[0]!;
    expect(enterprise.children.map((c) => c.menuCode)).toEqual(['systemMg', 'tagMg']);
  });

  it('drops a level-0 item with nothing below it', () => {
    expect(generateMenuRoutes([node('empty', '', [node('x', 'Unknown')])], TABLE)).toEqual([]);
  });

  it('hides items with isShow "0" but keeps their route', () => {
    const tree = [node('top', '', [node('g', '', [node('loginLog', 'LoginLog', [], { isShow: '0' })])])];
    const [leaf] = flattenViews(generateMenuRoutes(tree, TABLE));
    expect(leaf).toMatchObject({ name: 'LoginLog', hidden: true });
  });

  it('adds the hidden preview route next to a matched parent, pointing back at it', () => {
    const views = flattenViews(generateMenuRoutes(seededTree(), TABLE));
    const preview = views.find((v) => v.name === 'UserView')!;
    expect(preview).toMatchObject({
      path: 'userView',
      fullPath: '/accPortal/enterprise/systemMg/userView',
      hidden: true,
      previewOf: { name: 'UserInfo', path: '/accPortal/enterprise/systemMg/userInfo' },
    });
    // Without a component of its own, a preview renders its parent's.
    const tagRuleDetail = views.find((v) => v.name === 'TagRuleDetail')!;
    expect(tagRuleDetail.component).toBe(TABLE[3]!.component);
  });

  it('matches a url by preview name too, once per level', () => {
    const tree = [
      node('top', '', [node('g', '', [node('userInfo', 'UserInfo'), node('userView', 'UserView'), node('alone', 'TagRuleDetail')])]),
    ];
    const views = flattenViews(generateMenuRoutes(tree, TABLE));
    expect(views.filter((v) => v.name === 'UserView')).toHaveLength(1);
    const alone = views.find((v) => v.name === 'TagRuleDetail')!;
    expect(alone).toMatchObject({ path: 'tagRuleDetail', hidden: true, component: TABLE[3]!.component });
    // Its parent screen is not in this menu: no tab to return to.
    expect(alone.previewOf).toBeUndefined();
  });

  it('marks the never-cached views', () => {
    const views = flattenViews(generateMenuRoutes(seededTree(), TABLE));
    expect(views.find((v) => v.name === 'TagRule')!.noCache).toBe(true);
    expect(views.find((v) => v.name === 'TagRuleDetail')!.noCache).toBe(true);
    expect(views.find((v) => v.name === 'LoginLog')!.noCache).toBe(false);
    expect(NEVER_CACHED_VIEWS).toEqual(['TagRule', 'TagDetail', 'TagGenerate', 'Record', 'Statistic', 'ProductBatch', 'Test']);
    expect(isNeverCached({ name: 'Record' })).toBe(true);
    expect(isNeverCached({ name: 'Other', noCache: true })).toBe(true);
  });

  it('orders siblings by sort', () => {
    const tree = [node('top', '', [node('g', '', [node('b', 'OnlineUser', [], { sort: 2 }), node('a', 'LoginLog', [], { sort: 1 })])])];
    expect(flattenViews(generateMenuRoutes(tree, TABLE)).map((v) => v.name)).toEqual(['LoginLog', 'OnlineUser']);
  });

  it('the shipped table holds the existing screens', () => {
    expect(ROUTE_TABLE.map((e) => [e.name, e.path])).toEqual([
      ['LoginLog', 'loginLog'],
      ['OnlineUser', 'onlineUser'],
      ['UserRole', 'userRole'],
      ['MenuConf', 'menuConf'],
      ['OperationLog', 'operationLog'],
      ['Dept', 'dept'],
      ['Dictionary', 'dictionary'],
      ['UserInfo', 'userInfo'],
      ['TagRule', 'tagRule'],
      ['TagDetail', 'tagDetail'],
      ['TagGenerate', 'tagGenerate'],
      ['Product', 'product'],
      ['ProductTemplate', 'productTemplate'],
      ['ProductBatch', 'productBatch'],
      ['MedicinalProduct', 'medicinalProduct'],
      ['MedicinalBatch', 'medicinalBatch'],
      ['Statistic', 'statistic'],
      ['Record', 'record'],
      ['FarmerInfo', 'farmerInfo'],
      ['CompanyInfo', 'companyInfo'],
      ['CompanyAudit', 'companyAudit'],
      ['Dealer', 'dealer'],
      ['Shipment', 'shipment'],
      ['ChannelConflict', 'channelConflict'],
      ['Recall', 'recall'],
      ['EpcisEvent', 'epcisEvent'],
      ['ApiKey', 'apiKey'],
    ]);
    const previews = Object.fromEntries(ROUTE_TABLE.filter((e) => e.preview).map((e) => [e.name, e.preview!.name]));
    expect(previews).toMatchObject({ Product: 'ProductDetail', ProductTemplate: 'ProductTemplateDetail', FarmerInfo: 'FarmerDetail' });
    expect(previews).toMatchObject({ CompanyAudit: 'CompanyAuditDetail' });
    expect(isNeverCached(ROUTE_TABLE.find((e) => e.name === 'ProductBatch')!)).toBe(true);
    expect(isNeverCached(ROUTE_TABLE.find((e) => e.name === 'MedicinalBatch')!)).toBe(true);
    expect(isNeverCached(ROUTE_TABLE.find((e) => e.name === 'Product')!)).toBe(false);
    expect(ROUTE_TABLE.filter((e) => e.name === 'Statistic' || e.name === 'Record').map((e) => e.noCache)).toEqual([true, true]);
  });
});

describe('side-menu groups', () => {
  it('are the containers holding visible screens, with those screens', () => {
    const groups = collectMenuGroups(generateMenuRoutes(seededTree(), TABLE));
    expect(groups.map((g) => [g.menuCode, g.icon, g.leaves.map((l) => l.name)])).toEqual([
      ['systemMg', 'SettingOutlined', ['LoginLog', 'OnlineUser', 'UserInfo']],
      ['tagMg', 'TagsOutlined', ['TagRule']],
    ]);
    expect(groupOfPath(groups, '/accPortal/enterprise/tagMg/tagRule')?.menuCode).toBe('tagMg');
    expect(groupOfPath(groups, '/elsewhere')).toBeUndefined();
  });
});

describe('react-router routes from menu routes', () => {
  it('keeps paths, adds an index redirect and a catch-all under level 0, and carries the meta', () => {
    const [top] = toRouteObjects(generateMenuRoutes(seededTree(), TABLE));
    expect(top!.path).toBe('/accPortal');
    expect(top!.children!.some((c) => c.index)).toBe(true);
    expect(top!.children!.some((c) => c.path === '*')).toBe(true);
    const systemMg = top!.children!.find((c) => c.path === 'enterprise')!.children!.find((c) => c.path === 'systemMg')!;
    const loginLog = systemMg.children!.find((c) => c.path === 'loginLog')!;
    expect(loginLog.handle).toEqual({ name: 'LoginLog', title: 'loginLog-zh', titleEn: 'loginLog-en', noCache: false, menu: true });
    const userView = systemMg.children!.find((c) => c.path === 'userView')!;
    expect(userView.handle).toMatchObject({ menu: false, previewOf: { name: 'UserInfo' } });
    expect(loginLog.id).toBe('menu:/accPortal/enterprise/systemMg/loginLog');
  });
});
