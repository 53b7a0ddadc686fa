/**
 * The 21 Klang Valley areas (spec section 3). Malay place names are the same as the English ones.
 * `postcodes` are real ones of the area (demo addresses use them); `priceLevel` scales demo rents.
 */
export const AREAS = [
  { id: 1, slug: 'kuala-lumpur', en: 'Kuala Lumpur', zh: '吉隆坡', lat: 3.139, lng: 101.6869 , postcodes: ['50000', '50450', '50400'], priceLevel: 1.15 },
  { id: 2, slug: 'bangsar', en: 'Bangsar', zh: '孟沙', lat: 3.1296, lng: 101.6714 , postcodes: ['59000', '59100'], priceLevel: 1.45 },
  { id: 3, slug: 'petaling-jaya', en: 'Petaling Jaya', zh: '八打灵再也', lat: 3.1073, lng: 101.6067 , postcodes: ['46000', '47300', '47400', '46200'], priceLevel: 1.05 },
  { id: 4, slug: 'cyberjaya', en: 'Cyberjaya', zh: '赛城', lat: 2.9213, lng: 101.6559 , postcodes: ['63000'], priceLevel: 0.8 },
  { id: 5, slug: 'puchong', en: 'Puchong', zh: '蒲种', lat: 3.0335, lng: 101.6171 , postcodes: ['47100', '47150', '47160'], priceLevel: 0.8 },
  { id: 6, slug: 'shah-alam', en: 'Shah Alam', zh: '莎阿南', lat: 3.0733, lng: 101.5185 , postcodes: ['40000', '40100', '40150', '40460'], priceLevel: 0.75 },
  { id: 7, slug: 'subang-jaya', en: 'Subang Jaya', zh: '梳邦再也', lat: 3.0565, lng: 101.5851 , postcodes: ['47500', '47600', '47620'], priceLevel: 0.95 },
  { id: 8, slug: 'cheras', en: 'Cheras', zh: '蕉赖', lat: 3.1065, lng: 101.726 , postcodes: ['56000', '56100', '43200'], priceLevel: 0.85 },
  { id: 9, slug: 'kajang', en: 'Kajang', zh: '加影', lat: 2.9927, lng: 101.7909 , postcodes: ['43000'], priceLevel: 0.7 },
  { id: 10, slug: 'mont-kiara', en: 'Mont Kiara', zh: '满家乐', lat: 3.1717, lng: 101.6509 , postcodes: ['50480'], priceLevel: 1.6 },
  { id: 11, slug: 'damansara', en: 'Damansara', zh: '白沙罗', lat: 3.1466, lng: 101.6215 , postcodes: ['50490', '47810'], priceLevel: 1.25 },
  { id: 12, slug: 'ampang', en: 'Ampang', zh: '安邦', lat: 3.1496, lng: 101.7619 , postcodes: ['68000'], priceLevel: 1.0 },
  { id: 13, slug: 'setapak', en: 'Setapak', zh: '文良港', lat: 3.1961, lng: 101.7143 , postcodes: ['53300', '53200'], priceLevel: 0.8 },
  { id: 14, slug: 'sentul', en: 'Sentul', zh: '冼都', lat: 3.1857, lng: 101.6922 , postcodes: ['51000', '51100'], priceLevel: 0.95 },
  { id: 15, slug: 'klang', en: 'Klang', zh: '巴生', lat: 3.0449, lng: 101.4456 , postcodes: ['41000', '41200', '41050'], priceLevel: 0.65 },
  { id: 16, slug: 'putrajaya', en: 'Putrajaya', zh: '布城', lat: 2.9264, lng: 101.6964 , postcodes: ['62000', '62502'], priceLevel: 0.85 },
  { id: 17, slug: 'seri-kembangan', en: 'Seri Kembangan', zh: '沙登', lat: 3.0212, lng: 101.7058 , postcodes: ['43300'], priceLevel: 0.8 },
  { id: 18, slug: 'bukit-jalil', en: 'Bukit Jalil', zh: '武吉加里尔', lat: 3.0586, lng: 101.6889 , postcodes: ['57000'], priceLevel: 1.0 },
  { id: 19, slug: 'kepong', en: 'Kepong', zh: '甲洞', lat: 3.2123, lng: 101.6356 , postcodes: ['52100'], priceLevel: 0.8 },
  { id: 20, slug: 'wangsa-maju', en: 'Wangsa Maju', zh: '旺沙玛朱', lat: 3.2051, lng: 101.7372 , postcodes: ['53300'], priceLevel: 0.85 },
  { id: 21, slug: 'bukit-bintang', en: 'Bukit Bintang', zh: '武吉免登', lat: 3.1466, lng: 101.711 , postcodes: ['55100'], priceLevel: 1.4 },
] as const;
