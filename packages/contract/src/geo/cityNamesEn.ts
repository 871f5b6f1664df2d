/**
 * English names of the prefecture-level cities of areas.ts, by area code: the Hanyu Pinyin of the name without
 * 市, as English maps write them, with the spelling those maps use where it is not the pinyin (Hohhot, Harbin,
 * Urumqi, Lhasa, Kashgar, Taipei …) and an apostrophe where syllables would run together (Xi'an). Prefectures
 * (地区, 自治州) and leagues (盟) keep their kind: Yanbian Prefecture, Xilingol League.
 */
export const CITY_NAMES_EN: Readonly<Record<string, string>> = {
  '130100': 'Shijiazhuang', // 石家庄市
  '130200': 'Tangshan', // 唐山市
  '130300': 'Qinhuangdao', // 秦皇岛市
  '130400': 'Handan', // 邯郸市
  '130500': 'Xingtai', // 邢台市
  '130600': 'Baoding', // 保定市
  '130700': 'Zhangjiakou', // 张家口市
  '130800': 'Chengde', // 承德市
  '130900': 'Cangzhou', // 沧州市
  '131000': 'Langfang', // 廊坊市
  '131100': 'Hengshui', // 衡水市
  '140100': 'Taiyuan', // 太原市
  '140200': 'Datong', // 大同市
  '140300': 'Yangquan', // 阳泉市
  '140400': 'Changzhi', // 长治市
  '140500': 'Jincheng', // 晋城市
  '140600': 'Shuozhou', // 朔州市
  '140700': 'Jinzhong', // 晋中市
  '140800': 'Yuncheng', // 运城市
  '140900': 'Xinzhou', // 忻州市
  '141000': 'Linfen', // 临汾市
  '141100': 'Lüliang', // 吕梁市
  '150100': 'Hohhot', // 呼和浩特市
  '150200': 'Baotou', // 包头市
  '150300': 'Wuhai', // 乌海市
  '150400': 'Chifeng', // 赤峰市
  '150500': 'Tongliao', // 通辽市
  '150600': 'Ordos', // 鄂尔多斯市
  '150700': 'Hulunbuir', // 呼伦贝尔市
  '150800': 'Bayannur', // 巴彦淖尔市
  '150900': 'Ulanqab', // 乌兰察布市
  '152200': 'Hinggan League', // 兴安盟
  '152500': 'Xilingol League', // 锡林郭勒盟
  '152900': 'Alxa League', // 阿拉善盟
  '210100': 'Shenyang', // 沈阳市
  '210200': 'Dalian', // 大连市
  '210300': 'Anshan', // 鞍山市
  '210400': 'Fushun', // 抚顺市
  '210500': 'Benxi', // 本溪市
  '210600': 'Dandong', // 丹东市
  '210700': 'Jinzhou', // 锦州市
  '210800': 'Yingkou', // 营口市
  '210900': 'Fuxin', // 阜新市
  '211000': 'Liaoyang', // 辽阳市
  '211100': 'Panjin', // 盘锦市
  '211200': 'Tieling', // 铁岭市
  '211300': 'Chaoyang', // 朝阳市
  '211400': 'Huludao', // 葫芦岛市
  '220100': 'Changchun', // 长春市
  '220200': 'Jilin', // 吉林市
  '220300': 'Siping', // 四平市
  '220400': 'Liaoyuan', // 辽源市
  '220500': 'Tonghua', // 通化市
  '220600': 'Baishan', // 白山市
  '220700': 'Songyuan', // 松原市
  '220800': 'Baicheng', // 白城市
  '222400': 'Yanbian Prefecture', // 延边朝鲜族自治州
  '230100': 'Harbin', // 哈尔滨市
  '230200': 'Qiqihar', // 齐齐哈尔市
  '230300': 'Jixi', // 鸡西市
  '230400': 'Hegang', // 鹤岗市
  '230500': 'Shuangyashan', // 双鸭山市
  '230600': 'Daqing', // 大庆市
  '230700': 'Yichun', // 伊春市
  '230800': 'Jiamusi', // 佳木斯市
  '230900': 'Qitaihe', // 七台河市
  '231000': 'Mudanjiang', // 牡丹江市
  '231100': 'Heihe', // 黑河市
  '231200': 'Suihua', // 绥化市
  '232700': 'Da Hinggan Ling Prefecture', // 大兴安岭地区
  '320100': 'Nanjing', // 南京市
  '320200': 'Wuxi', // 无锡市
  '320300': 'Xuzhou', // 徐州市
  '320400': 'Changzhou', // 常州市
  '320500': 'Suzhou', // 苏州市
  '320600': 'Nantong', // 南通市
  '320700': 'Lianyungang', // 连云港市
  '320800': "Huai'an", // 淮安市
  '320900': 'Yancheng', // 盐城市
  '321000': 'Yangzhou', // 扬州市
  '321100': 'Zhenjiang', // 镇江市
  '321200': 'Taizhou', // 泰州市
  '321300': 'Suqian', // 宿迁市
  '330100': 'Hangzhou', // 杭州市
  '330200': 'Ningbo', // 宁波市
  '330300': 'Wenzhou', // 温州市
  '330400': 'Jiaxing', // 嘉兴市
  '330500': 'Huzhou', // 湖州市
  '330600': 'Shaoxing', // 绍兴市
  '330700': 'Jinhua', // 金华市
  '330800': 'Quzhou', // 衢州市
  '330900': 'Zhoushan', // 舟山市
  '331000': 'Taizhou', // 台州市
  '331100': 'Lishui', // 丽水市
  '340100': 'Hefei', // 合肥市
  '340200': 'Wuhu', // 芜湖市
  '340300': 'Bengbu', // 蚌埠市
  '340400': 'Huainan', // 淮南市
  '340500': "Ma'anshan", // 马鞍山市
  '340600': 'Huaibei', // 淮北市
  '340700': 'Tongling', // 铜陵市
  '340800': 'Anqing', // 安庆市
  '341000': 'Huangshan', // 黄山市
  '341100': 'Chuzhou', // 滁州市
  '341200': 'Fuyang', // 阜阳市
  '341300': 'Suzhou', // 宿州市
  '341500': "Lu'an", // 六安市
  '341600': 'Bozhou', // 亳州市
  '341700': 'Chizhou', // 池州市
  '341800': 'Xuancheng', // 宣城市
  '350100': 'Fuzhou', // 福州市
  '350200': 'Xiamen', // 厦门市
  '350300': 'Putian', // 莆田市
  '350400': 'Sanming', // 三明市
  '350500': 'Quanzhou', // 泉州市
  '350600': 'Zhangzhou', // 漳州市
  '350700': 'Nanping', // 南平市
  '350800': 'Longyan', // 龙岩市
  '350900': 'Ningde', // 宁德市
  '360100': 'Nanchang', // 南昌市
  '360200': 'Jingdezhen', // 景德镇市
  '360300': 'Pingxiang', // 萍乡市
  '360400': 'Jiujiang', // 九江市
  '360500': 'Xinyu', // 新余市
  '360600': 'Yingtan', // 鹰潭市
  '360700': 'Ganzhou', // 赣州市
  '360800': "Ji'an", // 吉安市
  '360900': 'Yichun', // 宜春市
  '361000': 'Fuzhou', // 抚州市
  '361100': 'Shangrao', // 上饶市
  '370100': 'Jinan', // 济南市
  '370200': 'Qingdao', // 青岛市
  '370300': 'Zibo', // 淄博市
  '370400': 'Zaozhuang', // 枣庄市
  '370500': 'Dongying', // 东营市
  '370600': 'Yantai', // 烟台市
  '370700': 'Weifang', // 潍坊市
  '370800': 'Jining', // 济宁市
  '370900': "Tai'an", // 泰安市
  '371000': 'Weihai', // 威海市
  '371100': 'Rizhao', // 日照市
  '371300': 'Linyi', // 临沂市
  '371400': 'Dezhou', // 德州市
  '371500': 'Liaocheng', // 聊城市
  '371600': 'Binzhou', // 滨州市
  '371700': 'Heze', // 菏泽市
  '410100': 'Zhengzhou', // 郑州市
  '410200': 'Kaifeng', // 开封市
  '410300': 'Luoyang', // 洛阳市
  '410400': 'Pingdingshan', // 平顶山市
  '410500': 'Anyang', // 安阳市
  '410600': 'Hebi', // 鹤壁市
  '410700': 'Xinxiang', // 新乡市
  '410800': 'Jiaozuo', // 焦作市
  '410900': 'Puyang', // 濮阳市
  '411000': 'Xuchang', // 许昌市
  '411100': 'Luohe', // 漯河市
  '411200': 'Sanmenxia', // 三门峡市
  '411300': 'Nanyang', // 南阳市
  '411400': 'Shangqiu', // 商丘市
  '411500': 'Xinyang', // 信阳市
  '411600': 'Zhoukou', // 周口市
  '411700': 'Zhumadian', // 驻马店市
  '420100': 'Wuhan', // 武汉市
  '420200': 'Huangshi', // 黄石市
  '420300': 'Shiyan', // 十堰市
  '420500': 'Yichang', // 宜昌市
  '420600': 'Xiangyang', // 襄阳市
  '420700': 'Ezhou', // 鄂州市
  '420800': 'Jingmen', // 荆门市
  '420900': 'Xiaogan', // 孝感市
  '421000': 'Jingzhou', // 荆州市
  '421100': 'Huanggang', // 黄冈市
  '421200': 'Xianning', // 咸宁市
  '421300': 'Suizhou', // 随州市
  '422800': 'Enshi Prefecture', // 恩施土家族苗族自治州
  '430100': 'Changsha', // 长沙市
  '430200': 'Zhuzhou', // 株洲市
  '430300': 'Xiangtan', // 湘潭市
  '430400': 'Hengyang', // 衡阳市
  '430500': 'Shaoyang', // 邵阳市
  '430600': 'Yueyang', // 岳阳市
  '430700': 'Changde', // 常德市
  '430800': 'Zhangjiajie', // 张家界市
  '430900': 'Yiyang', // 益阳市
  '431000': 'Chenzhou', // 郴州市
  '431100': 'Yongzhou', // 永州市
  '431200': 'Huaihua', // 怀化市
  '431300': 'Loudi', // 娄底市
  '433100': 'Xiangxi Prefecture', // 湘西土家族苗族自治州
  '440100': 'Guangzhou', // 广州市
  '440200': 'Shaoguan', // 韶关市
  '440300': 'Shenzhen', // 深圳市
  '440400': 'Zhuhai', // 珠海市
  '440500': 'Shantou', // 汕头市
  '440600': 'Foshan', // 佛山市
  '440700': 'Jiangmen', // 江门市
  '440800': 'Zhanjiang', // 湛江市
  '440900': 'Maoming', // 茂名市
  '441200': 'Zhaoqing', // 肇庆市
  '441300': 'Huizhou', // 惠州市
  '441400': 'Meizhou', // 梅州市
  '441500': 'Shanwei', // 汕尾市
  '441600': 'Heyuan', // 河源市
  '441700': 'Yangjiang', // 阳江市
  '441800': 'Qingyuan', // 清远市
  '441900': 'Dongguan', // 东莞市
  '442000': 'Zhongshan', // 中山市
  '445100': 'Chaozhou', // 潮州市
  '445200': 'Jieyang', // 揭阳市
  '445300': 'Yunfu', // 云浮市
  '450100': 'Nanning', // 南宁市
  '450200': 'Liuzhou', // 柳州市
  '450300': 'Guilin', // 桂林市
  '450400': 'Wuzhou', // 梧州市
  '450500': 'Beihai', // 北海市
  '450600': 'Fangchenggang', // 防城港市
  '450700': 'Qinzhou', // 钦州市
  '450800': 'Guigang', // 贵港市
  '450900': 'Yulin', // 玉林市
  '451000': 'Baise', // 百色市
  '451100': 'Hezhou', // 贺州市
  '451200': 'Hechi', // 河池市
  '451300': 'Laibin', // 来宾市
  '451400': 'Chongzuo', // 崇左市
  '460100': 'Haikou', // 海口市
  '460200': 'Sanya', // 三亚市
  '460300': 'Sansha', // 三沙市
  '460400': 'Danzhou', // 儋州市
  '510100': 'Chengdu', // 成都市
  '510300': 'Zigong', // 自贡市
  '510400': 'Panzhihua', // 攀枝花市
  '510500': 'Luzhou', // 泸州市
  '510600': 'Deyang', // 德阳市
  '510700': 'Mianyang', // 绵阳市
  '510800': 'Guangyuan', // 广元市
  '510900': 'Suining', // 遂宁市
  '511000': 'Neijiang', // 内江市
  '511100': 'Leshan', // 乐山市
  '511300': 'Nanchong', // 南充市
  '511400': 'Meishan', // 眉山市
  '511500': 'Yibin', // 宜宾市
  '511600': "Guang'an", // 广安市
  '511700': 'Dazhou', // 达州市
  '511800': "Ya'an", // 雅安市
  '511900': 'Bazhong', // 巴中市
  '512000': 'Ziyang', // 资阳市
  '513200': 'Ngawa Prefecture', // 阿坝藏族羌族自治州
  '513300': 'Garzê Prefecture', // 甘孜藏族自治州
  '513400': 'Liangshan Prefecture', // 凉山彝族自治州
  '520100': 'Guiyang', // 贵阳市
  '520200': 'Liupanshui', // 六盘水市
  '520300': 'Zunyi', // 遵义市
  '520400': 'Anshun', // 安顺市
  '520500': 'Bijie', // 毕节市
  '520600': 'Tongren', // 铜仁市
  '522300': 'Qianxinan Prefecture', // 黔西南布依族苗族自治州
  '522600': 'Qiandongnan Prefecture', // 黔东南苗族侗族自治州
  '522700': 'Qiannan Prefecture', // 黔南布依族苗族自治州
  '530100': 'Kunming', // 昆明市
  '530300': 'Qujing', // 曲靖市
  '530400': 'Yuxi', // 玉溪市
  '530500': 'Baoshan', // 保山市
  '530600': 'Zhaotong', // 昭通市
  '530700': 'Lijiang', // 丽江市
  '530800': "Pu'er", // 普洱市
  '530900': 'Lincang', // 临沧市
  '532300': 'Chuxiong Prefecture', // 楚雄彝族自治州
  '532500': 'Honghe Prefecture', // 红河哈尼族彝族自治州
  '532600': 'Wenshan Prefecture', // 文山壮族苗族自治州
  '532800': 'Xishuangbanna Prefecture', // 西双版纳傣族自治州
  '532900': 'Dali Prefecture', // 大理白族自治州
  '533100': 'Dehong Prefecture', // 德宏傣族景颇族自治州
  '533300': 'Nujiang Prefecture', // 怒江傈僳族自治州
  '533400': 'Diqing Prefecture', // 迪庆藏族自治州
  '540100': 'Lhasa', // 拉萨市
  '540200': 'Shigatse', // 日喀则市
  '540300': 'Qamdo', // 昌都市
  '540400': 'Nyingchi', // 林芝市
  '540500': 'Shannan', // 山南市
  '540600': 'Nagqu', // 那曲市
  '542500': 'Ngari Prefecture', // 阿里地区
  '610100': "Xi'an", // 西安市
  '610200': 'Tongchuan', // 铜川市
  '610300': 'Baoji', // 宝鸡市
  '610400': 'Xianyang', // 咸阳市
  '610500': 'Weinan', // 渭南市
  '610600': "Yan'an", // 延安市
  '610700': 'Hanzhong', // 汉中市
  '610800': 'Yulin', // 榆林市
  '610900': 'Ankang', // 安康市
  '611000': 'Shangluo', // 商洛市
  '620100': 'Lanzhou', // 兰州市
  '620200': 'Jiayuguan', // 嘉峪关市
  '620300': 'Jinchang', // 金昌市
  '620400': 'Baiyin', // 白银市
  '620500': 'Tianshui', // 天水市
  '620600': 'Wuwei', // 武威市
  '620700': 'Zhangye', // 张掖市
  '620800': 'Pingliang', // 平凉市
  '620900': 'Jiuquan', // 酒泉市
  '621000': 'Qingyang', // 庆阳市
  '621100': 'Dingxi', // 定西市
  '621200': 'Longnan', // 陇南市
  '622900': 'Linxia Prefecture', // 临夏回族自治州
  '623000': 'Gannan Prefecture', // 甘南藏族自治州
  '630100': 'Xining', // 西宁市
  '630200': 'Haidong', // 海东市
  '632200': 'Haibei Prefecture', // 海北藏族自治州
  '632300': 'Huangnan Prefecture', // 黄南藏族自治州
  '632500': 'Hainan Prefecture', // 海南藏族自治州
  '632600': 'Golog Prefecture', // 果洛藏族自治州
  '632700': 'Yushu Prefecture', // 玉树藏族自治州
  '632800': 'Haixi Prefecture', // 海西蒙古族藏族自治州
  '640100': 'Yinchuan', // 银川市
  '640200': 'Shizuishan', // 石嘴山市
  '640300': 'Wuzhong', // 吴忠市
  '640400': 'Guyuan', // 固原市
  '640500': 'Zhongwei', // 中卫市
  '650100': 'Urumqi', // 乌鲁木齐市
  '650200': 'Karamay', // 克拉玛依市
  '650400': 'Turpan', // 吐鲁番市
  '650500': 'Hami', // 哈密市
  '652300': 'Changji Prefecture', // 昌吉回族自治州
  '652700': 'Bortala Prefecture', // 博尔塔拉蒙古自治州
  '652800': 'Bayingolin Prefecture', // 巴音郭楞蒙古自治州
  '652900': 'Aksu Prefecture', // 阿克苏地区
  '653000': 'Kizilsu Prefecture', // 克孜勒苏柯尔克孜自治州
  '653100': 'Kashgar Prefecture', // 喀什地区
  '653200': 'Hotan Prefecture', // 和田地区
  '654000': 'Ili Prefecture', // 伊犁哈萨克自治州
  '654200': 'Tacheng Prefecture', // 塔城地区
  '654300': 'Altay Prefecture', // 阿勒泰地区
  '710100': 'Taipei', // 台北市
  '710200': 'Kaohsiung', // 高雄市
  '710300': 'Keelung', // 基隆市
  '710400': 'Taichung', // 台中市
  '710500': 'Tainan', // 台南市
  '710600': 'Hsinchu', // 新竹市
  '710700': 'Chiayi', // 嘉义市
};
