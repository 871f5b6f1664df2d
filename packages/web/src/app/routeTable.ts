import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type View = LazyExoticComponent<ComponentType>;

/**
 * The screens the client knows how to show. A menu item from the server whose `url` equals an entry's
 * `name` (or its preview's name) becomes a route rendering that entry (spec 2.4); a menu item with no
 * entry here is dropped. A new screen adds itself with one line, for example:
 *
 *   { name: 'TagRule', path: 'tagRule', component: lazy(() => import('../pages/tag/TagRule')), noCache: true,
 *     preview: { name: 'TagRuleDetail', path: 'tagRuleDetail', component: lazy(() => import('../pages/tag/TagRuleDetail')) } }
 *
 * A preview is a hidden detail route next to its parent; without its own component it renders the parent's.
 */
export interface RouteTableEntry {
  name: string;
  path: string;
  component: View;
  noCache?: boolean;
  preview?: { name: string; path: string; component?: View };
}

/** Views that are never kept alive (spec 2.5), whether or not their entry says noCache. */
export const NEVER_CACHED_VIEWS: readonly string[] = [
  'TagRule',
  'TagDetail',
  'TagGenerate',
  'Record',
  'Statistic',
  'ProductBatch',
  'Test',
];

export function isNeverCached(entry: Pick<RouteTableEntry, 'name' | 'noCache'>): boolean {
  return entry.noCache === true || NEVER_CACHED_VIEWS.includes(entry.name);
}

export const ROUTE_TABLE: readonly RouteTableEntry[] = [
  { name: 'LoginLog', path: 'loginLog', component: lazy(() => import('../pages/system/LoginLog')) },
  { name: 'OnlineUser', path: 'onlineUser', component: lazy(() => import('../pages/system/OnlineUser')) },
  { name: 'UserRole', path: 'userRole', component: lazy(() => import('../pages/system/UserRole')) },
  { name: 'MenuConf', path: 'menuConf', component: lazy(() => import('../pages/system/MenuConf')) },
  { name: 'OperationLog', path: 'operationLog', component: lazy(() => import('../pages/system/OperationLog')) },
  { name: 'Dept', path: 'dept', component: lazy(() => import('../pages/system/Dept')) },
  { name: 'Dictionary', path: 'dictionary', component: lazy(() => import('../pages/system/Dictionary')) },
  {
    name: 'UserInfo',
    path: 'userInfo',
    component: lazy(() => import('../pages/system/UserInfo')),
    preview: { name: 'UserView', path: 'userView', component: lazy(() => import('../pages/system/UserView')) },
  },
  {
    name: 'TagRule',
    path: 'tagRule',
    component: lazy(() => import('../pages/tag/TagRule')),
    noCache: true,
    preview: { name: 'TagRuleDetail', path: 'tagRuleDetail', component: lazy(() => import('../pages/tag/TagRuleDetail')) },
  },
  {
    name: 'TagDetail',
    path: 'tagDetail',
    component: lazy(() => import('../pages/tag/TagDetail')),
    noCache: true,
    preview: { name: 'TagOfDetail', path: 'tagOfDetail', component: lazy(() => import('../pages/tag/TagOfDetail')) },
  },
  { name: 'TagGenerate', path: 'tagGenerate', component: lazy(() => import('../pages/tag/TagGenerate')), noCache: true },
  {
    name: 'Product',
    path: 'product',
    component: lazy(() => import('../pages/product/Product')),
    preview: { name: 'ProductDetail', path: 'productDetail', component: lazy(() => import('../pages/product/ProductDetail')) },
  },
  {
    name: 'ProductTemplate',
    path: 'productTemplate',
    component: lazy(() => import('../pages/product/ProductTemplate')),
    preview: { name: 'ProductTemplateDetail', path: 'productTemplateDetail', component: lazy(() => import('../pages/product/ProductTemplateDetail')) },
  },
  { name: 'ProductBatch', path: 'productBatch', component: lazy(() => import('../pages/product/ProductBatch')), noCache: true },
  { name: 'MedicinalProduct', path: 'medicinalProduct', component: lazy(() => import('../pages/medicinal/MedicinalProduct')) },
  { name: 'MedicinalBatch', path: 'medicinalBatch', component: lazy(() => import('../pages/medicinal/MedicinalBatch')), noCache: true },
  { name: 'Statistic', path: 'statistic', component: lazy(() => import('../pages/statistic/Statistic')), noCache: true },
  { name: 'Record', path: 'record', component: lazy(() => import('../pages/statistic/Record')), noCache: true },
  {
    name: 'FarmerInfo',
    path: 'farmerInfo',
    component: lazy(() => import('../pages/farmer/FarmerInfo')),
    preview: { name: 'FarmerDetail', path: 'farmerDetail', component: lazy(() => import('../pages/farmer/FarmerDetail')) },
  },
  { name: 'CompanyInfo', path: 'companyInfo', component: lazy(() => import('../pages/company/CompanyInfo')) },
  {
    name: 'CompanyAudit',
    path: 'companyAudit',
    component: lazy(() => import('../pages/company/CompanyAudit')),
    preview: { name: 'CompanyAuditDetail', path: 'companyAuditDetail', component: lazy(() => import('../pages/company/CompanyAuditDetail')) },
  },
  { name: 'Dealer', path: 'dealer', component: lazy(() => import('../pages/supplyChain/Dealer')) },
  { name: 'Shipment', path: 'shipment', component: lazy(() => import('../pages/supplyChain/Shipment')), noCache: true },
  { name: 'ChannelConflict', path: 'channelConflict', component: lazy(() => import('../pages/supplyChain/ChannelConflict')) },
  { name: 'Recall', path: 'recall', component: lazy(() => import('../pages/supplyChain/recall/Recall')), noCache: true },
  { name: 'EpcisEvent', path: 'epcisEvent', component: lazy(() => import('../pages/supplyChain/EpcisEvent')) },
  { name: 'ApiKey', path: 'apiKey', component: lazy(() => import('../pages/supplyChain/ApiKey')) },
];
