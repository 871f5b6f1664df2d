import type zh from '../zh_CN/bindingGuide';

/** The production-line pages as the portal leads to them (English). */
const bindingGuide: typeof zh = {
  hint: {
    produce:
      'Binds item codes to a product batch: pick the product and the batch, then scan the labels one by one. A bound code is in force at once, and a consumer who scans it sees the batch. Works with the phone camera or a barcode scanner.',
    pack: 'Packs items into boxes: scan the box code, then each item going into that box; every scan is saved at once. Scanning the box code later shows what it holds. Works with the phone camera or a barcode scanner.',
  },
  linkMissing: 'The batch in the link is gone, or its product has no batch yet: pick one below',
  links: {
    produce: 'Bind codes',
    pack: 'Pack boxes',
    produceHint: 'Opens “Bind codes to a batch”: pick the product and batch, then scan item codes to bind them and put them in force',
    produceBatchHint: 'Opens “Bind codes to a batch” with this batch picked: scan item codes to bind them to it and put them in force',
    packHint: 'Opens “Pack boxes”: scan a box code, then the items going into that box',
  },
};

export default bindingGuide;
