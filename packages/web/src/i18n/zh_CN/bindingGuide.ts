/**
 * The production-line pages as the portal leads to them (Chinese): what each is for, at its top, and the links to
 * them from the batch list, the job list and the code list. Apart from binding.ts, which the consumer pages load
 * too (the box view), so these words cost the scan page nothing. en_US/bindingGuide.ts has the same keys.
 */
const bindingGuide = {
  hint: {
    produce: '把单品码绑定到产品批次：选好产品和批次后逐个扫描标签，绑定后标签即激活，消费者扫码可看到该批次的信息。可用手机摄像头或扫码枪。',
    pack: '把单品装进箱子：先扫描箱码，再逐个扫描装入该箱的单品码，每次扫描即时保存。之后扫描箱码即可查看箱内单品。可用手机摄像头或扫码枪。',
  },
  linkMissing: '链接中的批次已不存在，或该产品还没有批次，请在下面重新选择',
  links: {
    produce: '绑定标签码',
    pack: '装箱',
    produceHint: '打开“生产赋码”页：选好产品和批次后扫描单品码，绑定到批次并激活',
    produceBatchHint: '打开“生产赋码”页，已选好该批次：扫描单品码即绑定到该批次并激活',
    packHint: '打开“装箱绑定”页：先扫描箱码，再扫描装入该箱的单品码',
  },
};

export default bindingGuide;
