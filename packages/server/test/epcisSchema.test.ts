import { describe, expect, it } from 'vitest';
import { epcisSchemaProblems, SCHEMA_PROBLEMS_MAX } from '../src/modules/epcis/documentSchema.js';

/**
 * GS1's EPCIS 2.0 JSON schema, vendored: the events the product writes pass it (each bizStep and action it
 * uses), and what a partner gets wrong is reported by place and reason.
 */
const CONTEXT = ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'];
const ITEM = 'https://id.gs1.org/01/06901234567892/21/A7K3M9';
const ITEM_2 = 'https://trace.example.com/antiCounterfeiting?code=RG7K3M9Q2XW4N8P5';
const BOX = 'https://trace.example.com/antiCounterfeiting?code=BX000000017';
const DEALER = 'https://trace.example.com/dealer/D0042';
const ORDER = 'https://trace.example.com/shipment/SO20261124001';

function documentOf(events: object[]) {
  return {
    '@context': CONTEXT,
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-11-24T08:00:00.000Z',
    epcisBody: { eventList: events },
  };
}

const common = { eventTime: '2026-11-24T16:30:00.000+08:00', eventTimeZoneOffset: '+08:00' };
const commissioning = {
  type: 'ObjectEvent',
  ...common,
  eventID: 'ni:///sha-256;36abb2b9e3cf5ebfbd5ba0ec8e6ac1c1b3d5bd5a5ff1e6f3d1f8f0a1c2e3d4f5?ver=CBV2.0',
  epcList: [ITEM, ITEM_2],
  action: 'ADD',
  bizStep: 'commissioning',
  disposition: 'active',
  ilmd: { 'cbvmda:lotNumber': 'B2024-07', 'cbvmda:itemExpirationDate': '2025-07-31' },
};

const events = {
  commissioning,
  decommissioning: { type: 'ObjectEvent', ...common, epcList: [ITEM], action: 'DELETE', bizStep: 'decommissioning', disposition: 'inactive' },
  packing: {
    type: 'AggregationEvent',
    ...common,
    parentID: BOX,
    childEPCs: [ITEM, ITEM_2],
    action: 'ADD',
    bizStep: 'packing',
    disposition: 'container_closed',
  },
  unpackingAll: { type: 'AggregationEvent', ...common, parentID: BOX, action: 'DELETE', bizStep: 'unpacking', disposition: 'in_progress' },
  shipping: {
    type: 'ObjectEvent',
    ...common,
    epcList: [BOX, ITEM],
    action: 'OBSERVE',
    bizStep: 'shipping',
    disposition: 'in_transit',
    bizTransactionList: [{ type: 'desadv', bizTransaction: ORDER }],
    destinationList: [{ type: 'owning_party', destination: DEALER }],
  },
  receiving: {
    type: 'ObjectEvent',
    ...common,
    epcList: [BOX],
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'in_progress',
    bizTransactionList: [{ type: 'desadv', bizTransaction: ORDER }],
    destinationList: [{ type: 'owning_party', destination: DEALER }],
  },
  // CBV 2.0 has no "returning" step: goods sent back are received again, with the disposition returned
  returned: {
    type: 'ObjectEvent',
    ...common,
    epcList: [ITEM],
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'returned',
    bizTransactionList: [{ type: 'desadv', bizTransaction: ORDER }],
    sourceList: [{ type: 'owning_party', source: DEALER }],
  },
  // the same vocabulary as full URIs, as some partners send it
  shippingByUri: {
    type: 'ObjectEvent',
    ...common,
    epcList: [ITEM],
    action: 'OBSERVE',
    bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
    disposition: 'https://ref.gs1.org/cbv/Disp-in_transit',
  },
};

describe('GS1 EPCIS 2.0 JSON schema', () => {
  it.each(Object.entries(events))('passes the %s event the product writes', (_, event) => {
    expect(epcisSchemaProblems(documentOf([event]))).toEqual([]);
  });

  it('passes a document of every one of them at once', () => {
    expect(epcisSchemaProblems(documentOf(Object.values(events)))).toEqual([]);
  });

  it('refuses a step CBV 2.0 does not have, naming the ones it has', () => {
    const problems = epcisSchemaProblems(documentOf([{ ...events.returned, bizStep: 'returning' }]));
    expect(problems.map((p) => p.path)).toEqual(['/epcisBody/eventList/0/bizStep', '/epcisBody/eventList/0/bizStep']);
    expect(problems.map((p) => p.message).join(' ')).toContain('"receiving"');
  });

  it('reports each problem by its place in the document', () => {
    const { eventTime: _dropped, ...noTime } = commissioning;
    const problems = epcisSchemaProblems(
      documentOf([
        noTime,
        { ...commissioning, action: 'CREATE' },
        { ...commissioning, epcList: 'not a list' },
        { ...commissioning, eventTime: 'yesterday' },
      ]),
    );
    const paths = problems.map((p) => p.path);
    expect(problems).toContainEqual({ path: '/epcisBody/eventList/0', message: 'lacks the required property "eventTime"' });
    expect(paths).toContain('/epcisBody/eventList/1/action');
    expect(paths).toContain('/epcisBody/eventList/2/epcList');
    expect(paths).toContain('/epcisBody/eventList/3/eventTime');
    // every problem is about one of the four events, once
    expect(new Set(problems.map((p) => `${p.path} ${p.message}`)).size).toBe(problems.length);
  });

  it('refuses what is no EPCIS document: no context, no body, another type, not an object', () => {
    const { '@context': _context, ...noContext } = documentOf([commissioning]);
    expect(epcisSchemaProblems(noContext)).toContainEqual({ path: '', message: 'lacks the required property "@context"' });
    const { epcisBody: _body, ...noBody } = documentOf([commissioning]);
    expect(epcisSchemaProblems(noBody)).toContainEqual({ path: '', message: 'lacks the required property "epcisBody"' });
    expect(epcisSchemaProblems({ ...documentOf([]), type: 'SomethingElse' }).length).toBeGreaterThan(0);
    expect(epcisSchemaProblems([]).length).toBeGreaterThan(0);
    expect(epcisSchemaProblems(null).length).toBeGreaterThan(0);
  });

  it('reports at most a bounded number of problems, however broken the document', () => {
    const broken = Array.from({ length: 500 }, () => ({ ...commissioning, action: 'CREATE', eventTime: 'x' }));
    expect(epcisSchemaProblems(documentOf(broken))).toHaveLength(SCHEMA_PROBLEMS_MAX);
  });
});
