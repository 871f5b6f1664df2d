import type { ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import type { Locale } from 'antd/es/locale';
import type { Lang } from '@rd/contract';

/** Colours of spec 9: primary #004da1; switches #409EFF when on, #C0CCDA when off. */
export const THEME: ThemeConfig = {
  token: { colorPrimary: '#004da1' },
  components: {
    Switch: {
      colorPrimary: '#409EFF',
      colorPrimaryHover: '#66b1ff',
      colorTextQuaternary: '#C0CCDA',
      colorTextTertiary: '#C0CCDA',
    },
  },
};

export const ANTD_LOCALES: Record<Lang, Locale> = { zh_CN: zhCN, en_US: enUS };
