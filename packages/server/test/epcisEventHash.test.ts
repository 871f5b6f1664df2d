import { describe, expect, it } from 'vitest';
import { canonicalGs1Identifier } from '../src/modules/epcis/canonicalIdentifier.js';
import { canonicalTime, eventHashId, eventPreHash } from '../src/modules/epcis/eventHash.js';

// Vectors published with GS1's reference implementation of the CBV 2.0 event hash
// (github.com/RalphTro/epcis-event-hash-generator, tests/examples, MIT licence).
const EXAMPLE_CONTEXT = ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld', { gs1: 'https://gs1.org/voc/' }, { example: 'https://ns.example.com/epcis/' }];

describe('CBV 2.0 event hash', () => {
  it('hashes an event with extensions, SSCCs and an SGLN (ReferenceEventHashAlgorithm)', () => {
    const event = {
      type: 'ObjectEvent',
      eventTime: '2020-03-04T11:00:30.000+01:00',
      eventTimeZoneOffset: '+01:00',
      recordTime: '2020-03-04T11:00:30.999+01:00',
      epcList: ['urn:epc:id:sscc:4012345.0000000333', 'urn:epc:id:sscc:4012345.0000000111', 'urn:epc:id:sscc:4012345.0000000222'],
      action: 'OBSERVE',
      bizStep: 'departing',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00011.987' },
      'example:myField1': { 'example:mySubField1': '2', 'example:mySubField2': '5' },
      'example:myField2': '0',
      'example:myField3': { 'example:mySubField3': ['3', '1'] },
    };
    expect(eventPreHash(event, EXAMPLE_CONTEXT)).toBe(
      'eventType=ObjectEventeventTime=2020-03-04T10:00:30.000ZeventTimeZoneOffset=+01:00epcListepc=https://id.gs1.org/00/040123450000001112' +
        'epc=https://id.gs1.org/00/040123450000002225epc=https://id.gs1.org/00/040123450000003338action=OBSERVE' +
        'bizStep=https://ref.gs1.org/cbv/BizStep-departingreadPointid=https://id.gs1.org/414/4012345000115/254/987' +
        '{https://ns.example.com/epcis/}myField1{https://ns.example.com/epcis/}mySubField1=2{https://ns.example.com/epcis/}mySubField2=5' +
        '{https://ns.example.com/epcis/}myField2=0{https://ns.example.com/epcis/}myField3{https://ns.example.com/epcis/}mySubField3=1' +
        '{https://ns.example.com/epcis/}mySubField3=3',
    );
    expect(eventHashId(event, EXAMPLE_CONTEXT)).toBe('ni:///sha-256;6ae96341e0acc6d7a261364751f60e68278a81cdf51da0abb6b4e617014e39d7?ver=CBV2.0');
  });

  it('hashes a shipment with business transactions, sources and destinations (epcisDocWithVariousEventTypes #0)', () => {
    const event = {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T11:00:30.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:5200001.0111111146'],
      action: 'OBSERVE',
      bizStep: 'departing',
      readPoint: { id: 'urn:epc:id:sgln:5200001.99901.0' },
      bizTransactionList: [
        { type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:4711' },
        { type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:RE1099' },
      ],
      sourceList: [{ type: 'possessing_party', source: 'urn:epc:id:pgln:5200001.00000' }],
      destinationList: [
        { type: 'possessing_party', destination: 'urn:epc:id:pgln:4000001.98765' },
        { type: 'location', destination: 'urn:epc:id:sgln:4012345.00012.0' },
      ],
    };
    expect(eventHashId(event)).toBe('ni:///sha-256;25be54b3d29f31ef9b4e62d62e7610f5d186369ba6eabb5e70ba9884153792a7?ver=CBV2.0');
  });

  it('hashes a commissioning with a quantity and ilmd (epcisDocWithVariousEventTypes #3)', () => {
    const event = {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T14:58:56.000+02:00',
      eventTimeZoneOffset: '+02:00',
      quantityList: [{ epcClass: 'urn:epc:class:lgtin:4054739.099914.20160711', quantity: 600, uom: 'KGM' }],
      action: 'ADD',
      bizStep: 'commissioning',
      readPoint: { id: 'urn:epc:id:sgln:4054739.00001.0' },
      ilmd: { 'cbvmda:bestBeforeDate': '2019-10-21' },
    };
    expect(eventHashId(event)).toBe('ni:///sha-256;5f396ea5cb32fe4d0980cb79f5a5eb9640559e9f5a6cefa5c98a7d6ad554b50b?ver=CBV2.0');
  });

  it('hashes a packing AggregationEvent whatever the order of its children (epcisDocWithVariousEventTypes #4)', () => {
    const event = {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T11:58:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4047023.0111111122',
      childEPCs: ['urn:epc:id:sgtin:4047023.077551.98', 'urn:epc:id:sgtin:4047023.077551.97', 'urn:epc:id:sgtin:4047023.077551.107', 'urn:epc:id:sgtin:4047023.077551.109'],
      action: 'ADD',
      bizStep: 'packing',
      readPoint: { id: 'urn:epc:id:sgln:4047023.00012.0' },
    };
    const expected = 'ni:///sha-256;c941e6486c561c2be83c28dc228c150eaef9a6befb1015e6cc563982fb7414b6?ver=CBV2.0';
    expect(eventHashId(event)).toBe(expected);
    // the same event written otherwise: children reversed, CBV values as URIs, fields in another order, an eventID
    const { childEPCs, ...rest } = event;
    const rewritten = {
      eventID: 'urn:uuid:anything',
      recordTime: '2030-01-01T00:00:00Z',
      ...rest,
      bizStep: 'https://ref.gs1.org/cbv/BizStep-packing',
      childEPCs: [...childEPCs].reverse(),
    };
    expect(eventHashId(rewritten)).toBe(expected);
    expect(eventHashId({ ...event, bizStep: 'urn:epcglobal:cbv:bizstep:packing' })).toBe(expected);
    expect(eventHashId({ ...event, action: 'DELETE' })).not.toBe(expected);
  });

  it('rounds times to the millisecond in UTC and reads Digital Links on any domain (TimeStampRoundOff #0)', () => {
    const event = {
      type: 'ObjectEvent',
      eventTime: '2023-02-02T11:04:03.1415Z',
      eventTimeZoneOffset: '+01:00',
      epcList: ['https://id.gs1.de/00/040123451111111110'],
      action: 'OBSERVE',
      bizStep: 'shipping',
      disposition: 'in_transit',
      readPoint: { id: 'https://id.gs1.de/414/4012345000115' },
    };
    expect(eventHashId(event)).toBe('ni:///sha-256;af7658e711574363633f20b3dadc7bc4c13c6f612cf96d95e03c421c0e58f3c6?ver=CBV2.0');
    expect(canonicalTime('2023-02-12T11:04:03.1007Z')).toBe('2023-02-12T11:04:03.101Z');
    expect(canonicalTime('2020-03-04T11:00:30+08:00')).toBe('2020-03-04T03:00:30.000Z');
  });

  it('gives the portal\'s own identifiers one form: GS1 Digital Links to id.gs1.org at their finest level, scan URLs as they are', () => {
    expect(canonicalGs1Identifier('https://trace.example.cn/01/6901234567892/10/B%2F01/21/AB12?s=1')).toBe('https://id.gs1.org/01/06901234567892/21/AB12');
    expect(canonicalGs1Identifier('https://trace.example.cn/01/06901234567892/10/LOT7')).toBe('https://id.gs1.org/01/06901234567892/10/LOT7');
    expect(canonicalGs1Identifier('urn:epc:id:sgtin:0614141.112345.400')).toBe('https://id.gs1.org/01/10614141123459/21/400');
    expect(canonicalGs1Identifier('urn:epc:id:pgln:4012345.00000')).toBe('https://id.gs1.org/417/4012345000009');
    expect(canonicalGs1Identifier('https://trace.example.cn/antiCounterfeiting?code=AB12')).toBeUndefined();
    expect(canonicalGs1Identifier('urn:epc:id:sgtin:0614141.11234.400')).toBeUndefined(); // 12 digits, not 13
  });
});
