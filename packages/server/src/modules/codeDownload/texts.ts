import type { Lang } from '@rd/contract';

/** Texts the downloads write themselves: file names, column headers, label captions and refusals. */
export const DOWNLOAD_TEXTS = {
  zh_CN: {
    fileName: '标签',
    qrFileName: '标签二维码',
    labelFileName: '标签打印',
    sheetName: '标签',
    code: '标签码',
    url: '扫码地址',
    hidden: '防伪码',
    /** Before the hidden code on a printed label. */
    hiddenCaption: '防伪码',
    tooManyForImages: '该任务有 {count} 个标签，二维码图片和标签打印一次最多 {max} 个，请下载 Excel、CSV 或 TXT 文件',
  },
  en_US: {
    fileName: 'Codes',
    qrFileName: 'QR codes',
    labelFileName: 'Labels',
    sheetName: 'Codes',
    code: 'Code',
    url: 'URL',
    hidden: 'Security code',
    hiddenCaption: 'Security code',
    tooManyForImages:
      'The job has {count} codes; QR images and label sheets take at most {max} at a time. Download the Excel, CSV or TXT file instead',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type DownloadTexts = (typeof DOWNLOAD_TEXTS)[Lang];
