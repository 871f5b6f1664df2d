import { dealerAddBodySchema, shipmentAddBodySchema, shipmentScanBodySchema } from '@rd/contract';
import type { Principal } from '../platform/auth/sessionStore.js';
import { addDealer } from '../modules/dealer/service.js';
import { eventSiteOf } from '../modules/epcis/portalEvents.js';
import { completeShipment, createShipment, receiveShipment, scanIntoShipment } from '../modules/shipment/service.js';
import type { DemoContext } from './demoActor.js';
import type { DemoBatchCodes } from './demoCodes.js';

/** The cooperative's dealers: wholesalers in the big markets of several provinces, some with sub-dealers of their own. */
const DEALERS = [
  { code: 'BJ-XFD', name: '北京新发地鑫盛果品批发部', contact: '孙立伟', phone: '13801234567', level: 1, parent: null, areaCodes: ['110000'], address: '北京市丰台区新发地农产品批发市场 12 区 8 号' },
  { code: 'TJ-HQ', name: '天津红旗农贸果蔬经营部', contact: '马春生', phone: '13602012345', level: 1, parent: null, areaCodes: ['120000', '130000'], address: '天津市西青区红旗农贸批发市场 A 区 21 号' },
  { code: 'HB-SJZ', name: '石家庄桥西鲜果店', contact: '高红梅', phone: '13931112233', level: 2, parent: 'TJ-HQ', areaCodes: ['130000'], address: '河北省石家庄市桥西区中山西路 88 号' },
  { code: 'SH-HZ', name: '上海辉展果蔬贸易有限公司', contact: '陈志明', phone: '13916612345', level: 1, parent: null, areaCodes: ['310000', '320000', '330000'], address: '上海市宝山区江杨南路 1281 号' },
  { code: 'JS-SZ', name: '苏州南环桥瓜果商行', contact: '周晓燕', phone: '13913245678', level: 2, parent: 'SH-HZ', areaCodes: ['320000'], address: '江苏省苏州市姑苏区南环桥农副产品批发市场' },
  { code: 'ZJ-HZ', name: '杭州勾庄果品经营部', contact: '吴建华', phone: '13858012345', level: 2, parent: 'SH-HZ', areaCodes: ['330000'], address: '浙江省杭州市余杭区勾庄农副产品物流中心' },
  { code: 'SD-QD', name: '青岛抚顺路果品批发行', contact: '刘洪涛', phone: '13864212345', level: 1, parent: null, areaCodes: ['370000'], address: '山东省青岛市市北区抚顺路蔬菜副食品批发市场' },
  { code: 'GD-GZ', name: '广州江南果菜批发市场鲜丰行', contact: '黄伟强', phone: '13902212345', level: 1, parent: null, areaCodes: ['440000'], address: '广东省广州市白云区江南果菜批发市场 C 区' },
] as const;

/** Dealers each batch goes to, boxes and loose melons each of them gets. */
const DEALERS_PER_BATCH = 3;
const BOXES_PER_SHIPMENT = 3;
const LOOSE_PER_SHIPMENT = 50;

export interface DemoShipment {
  id: string;
  batchIndex: number;
  dealerName: string;
  areaCodes: readonly string[];
  /** The melons shipped, boxed or loose. */
  items: string[];
}

/** Where the season's melons went: the sales area of the dealer each item was shipped to (none: sold at the farm). */
export interface DemoDistribution {
  areasOf: Map<string, readonly string[]>;
  shipments: DemoShipment[];
}

/**
 * The dealer network and the outbound orders of the season: each batch goes to three dealers (boxes scanned
 * as boxes, loose melons one by one), every order is completed and all but the newest received; what is left
 * of a batch is sold at the cooperative's own shop.
 */
export async function seedDemoDealers(ctx: DemoContext, principal: Principal, season: readonly DemoBatchCodes[]): Promise<DemoDistribution> {
  const { db, config } = ctx;
  const site = eventSiteOf(config);
  const ids = new Map<string, string>();
  for (const { parent, ...dealer } of DEALERS) {
    const body = dealerAddBodySchema.parse({ ...dealer, parentId: parent ? ids.get(parent) : null, remark: '' });
    ids.set(dealer.code, (await addDealer(db, principal, body, 'zh_CN')).id);
  }

  const areasOf = new Map<string, readonly string[]>();
  const shipments: DemoShipment[] = [];
  for (const [batchIndex, codes] of season.entries()) {
    for (let k = 0; k < DEALERS_PER_BATCH; k++) {
      const dealer = DEALERS[(batchIndex * 2 + k) % DEALERS.length] as (typeof DEALERS)[number];
      const boxes = codes.boxes.slice(k * BOXES_PER_SHIPMENT, (k + 1) * BOXES_PER_SHIPMENT);
      const loose = codes.loose.slice(k * LOOSE_PER_SHIPMENT, (k + 1) * LOOSE_PER_SHIPMENT);
      const order = await createShipment(db, principal, 'OUTBOUND', shipmentAddBodySchema.parse({ dealerId: ids.get(dealer.code), remark: '冷链整车发运' }), config.businessTimeZone);
      const scanned = [...boxes.map((b) => b.box), ...loose];
      await scanIntoShipment(db, principal, 'OUTBOUND', shipmentScanBodySchema.parse({ id: order.id, codes: scanned }), 'zh_CN', site);
      await completeShipment(db, principal, 'OUTBOUND', order.id, site);
      const newest = batchIndex === season.length - 1 && k === DEALERS_PER_BATCH - 1;
      if (!newest) await receiveShipment(db, principal, order.id, site);
      const items = [...boxes.flatMap((b) => b.items), ...loose];
      for (const item of items) areasOf.set(item, dealer.areaCodes);
      shipments.push({ id: order.id, batchIndex, dealerName: dealer.name, areaCodes: dealer.areaCodes, items });
    }
  }
  return { areasOf, shipments };
}
