type Words = Record<'en' | 'ms' | 'zh', string>;

/** A new project for sale (home ownership). Prices in sen; `gallery` are demo pictures by number. */
export interface SeedProject {
  key: string;
  name: string;
  developer: string;
  areaSlug: string;
  propertyKind: 'CONDO' | 'SERVICED_RESIDENCE' | 'TERRACE' | 'SEMI_D';
  tenure: 'FREEHOLD' | 'LEASEHOLD';
  priceMinSen: number;
  priceMaxSen: number;
  bedroomsMin: number;
  bedroomsMax: number;
  sizeMinSqft: number;
  sizeMaxSqft: number;
  units: number;
  completionYear: number;
  summary: Words;
  body: Words;
  gallery: number[];
}

export const PROJECTS: SeedProject[] = [
  {
    key: 'project-kiara-hillside',
    name: 'Kiara Hillside Residences',
    developer: 'Seri Alam Development Sdn Bhd',
    areaSlug: 'mont-kiara',
    propertyKind: 'CONDO',
    tenure: 'FREEHOLD',
    priceMinSen: 88_000_000,
    priceMaxSen: 165_000_000,
    bedroomsMin: 2,
    bedroomsMax: 4,
    sizeMinSqft: 980,
    sizeMaxSqft: 1_850,
    units: 412,
    completionYear: 2028,
    summary: {
      en: 'Freehold two- to four-bedroom condominiums on the green edge of Mont Kiara, five minutes from Publika.',
      ms: 'Kondominium pegangan bebas dua hingga empat bilik di pinggir hijau Mont Kiara, lima minit dari Publika.',
      zh: '位于满家乐绿意边缘的永久地契两房至四房公寓，距离 Publika 五分钟。',
    },
    body: {
      en: `Two towers of 412 homes on a low-density hillside plot, with a one-acre facilities deck: a 50-metre pool, a gym, a co-working lounge and a children's play garden.

## Getting around

Five minutes by car to Publika and the Sprint highway, with a residents' shuttle to MRT Semantan at peak hours.

## The homes

Two-bedroom units from 980 sq ft, three-bedroom dual-key units for families with parents living in, and four-bedroom corner units up to 1,850 sq ft. Every unit has two parking bays.`,
      ms: `Dua menara dengan 412 unit di atas tanah lereng bukit berkepadatan rendah, dengan dek kemudahan seluas satu ekar: kolam renang 50 meter, gimnasium, ruang kerja bersama dan taman permainan kanak-kanak.

## Pengangkutan

Lima minit dengan kereta ke Publika dan lebuh raya Sprint, dengan bas ulang-alik penduduk ke MRT Semantan pada waktu puncak.

## Unit kediaman

Unit dua bilik dari 980 kaki persegi, unit tiga bilik dwi-kunci untuk keluarga yang tinggal bersama ibu bapa, dan unit sudut empat bilik sehingga 1,850 kaki persegi. Setiap unit mempunyai dua petak letak kereta.`,
      zh: `两座大楼共 412 个单位，坐落在低密度的山坡地段，设有一英亩的设施平台：50 米泳池、健身房、共享办公休息室和儿童游乐花园。

## 交通

开车五分钟到 Publika 和 Sprint 大道，高峰时段有住户接驳车往返 MRT Semantan 站。

## 单位

两房单位 980 平方尺起；三房双钥匙单位适合与父母同住的家庭；四房角落单位最大 1,850 平方尺。每个单位附两个停车位。`,
    },
    gallery: [2, 5, 0, 3],
  },
  {
    key: 'project-taman-rimba-cheras',
    name: 'Rimba Residensi Cheras',
    developer: 'Harmoni Kediaman Bhd',
    areaSlug: 'cheras',
    propertyKind: 'SERVICED_RESIDENCE',
    tenure: 'LEASEHOLD',
    priceMinSen: 39_800_000,
    priceMaxSen: 62_000_000,
    bedroomsMin: 1,
    bedroomsMax: 3,
    sizeMinSqft: 650,
    sizeMaxSqft: 1_100,
    units: 780,
    completionYear: 2027,
    summary: {
      en: 'Affordable serviced residences linked to MRT Taman Mutiara by a covered walkway, from RM398,000.',
      ms: 'Residensi servis mampu milik yang dihubungkan ke MRT Taman Mutiara melalui laluan pejalan kaki berbumbung, dari RM398,000.',
      zh: '以有盖走道连接 MRT Taman Mutiara 站的平价服务式公寓，RM398,000 起。',
    },
    body: {
      en: `A first home close to the train: 780 units in a single tower with a covered link bridge to MRT Taman Mutiara and EkoCheras mall.

## The homes

One-bedroom units from 650 sq ft for first-time buyers, and three-bedroom units up to 1,100 sq ft for young families. Kitchen cabinets, water heaters and air-conditioners in every bedroom are included.

## Financing

Eligible first-time buyers may apply for the stamp duty exemption on homes up to RM500,000, subject to the rules in force when the agreement is signed.`,
      ms: `Rumah pertama berhampiran kereta api: 780 unit dalam satu menara dengan jejantas berbumbung ke MRT Taman Mutiara dan pusat beli-belah EkoCheras.

## Unit kediaman

Unit satu bilik dari 650 kaki persegi untuk pembeli rumah pertama, dan unit tiga bilik sehingga 1,100 kaki persegi untuk keluarga muda. Kabinet dapur, pemanas air dan penghawa dingin di setiap bilik tidur disertakan.

## Pembiayaan

Pembeli rumah pertama yang layak boleh memohon pengecualian duti setem bagi rumah sehingga RM500,000, tertakluk pada peraturan yang berkuat kuasa semasa perjanjian ditandatangani.`,
      zh: `靠近轨道交通的第一间房子：单座大楼共 780 个单位，以有盖天桥连接 MRT Taman Mutiara 站和 EkoCheras 商场。

## 单位

一房单位 650 平方尺起，适合首次购房者；三房单位最大 1,100 平方尺，适合年轻家庭。附送厨房橱柜、热水器，每间卧室配有冷气。

## 贷款与优惠

符合资格的首次购房者，可申请 RM500,000 以下房产的印花税豁免，以签约时的现行条例为准。`,
    },
    gallery: [8, 11, 1, 4],
  },
  {
    key: 'project-laman-subang',
    name: 'Laman Subang Terraces',
    developer: 'Permata Laman Properties Sdn Bhd',
    areaSlug: 'subang-jaya',
    propertyKind: 'TERRACE',
    tenure: 'FREEHOLD',
    priceMinSen: 118_000_000,
    priceMaxSen: 148_000_000,
    bedroomsMin: 4,
    bedroomsMax: 5,
    sizeMinSqft: 2_200,
    sizeMaxSqft: 2_750,
    units: 126,
    completionYear: 2028,
    summary: {
      en: 'A gated enclave of 126 freehold two-storey terrace homes in Subang Jaya, near the LRT and three universities.',
      ms: 'Kawasan berpagar dengan 126 rumah teres dua tingkat pegangan bebas di Subang Jaya, berhampiran LRT dan tiga universiti.',
      zh: '梳邦再也的封闭式社区，共 126 间永久地契双层排屋，靠近 LRT 和三所大学。',
    },
    body: {
      en: `A guarded, gated street of 126 two-storey terrace homes with a central park, a clubhouse and a jogging loop.

## The homes

Four-bedroom intermediate units of 2,200 sq ft and five-bedroom end units up to 2,750 sq ft, each with a car porch for two cars and a ground-floor guest room.

## Nearby

LRT USJ 21 and Summit USJ within 1.5 km; Sunway, Taylor's and Monash universities within a 15-minute drive.`,
      ms: `Jalan berpagar dan berkawal dengan 126 rumah teres dua tingkat, taman di tengah, rumah kelab dan laluan joging.

## Unit kediaman

Unit tengah empat bilik seluas 2,200 kaki persegi dan unit hujung lima bilik sehingga 2,750 kaki persegi, setiap satu dengan anjung kereta untuk dua kereta dan bilik tetamu di tingkat bawah.

## Berdekatan

LRT USJ 21 dan Summit USJ dalam lingkungan 1.5 km; universiti Sunway, Taylor's dan Monash dalam 15 minit pemanduan.`,
      zh: `设有保安门禁的街区，共 126 间双层排屋，配备中央公园、会所和慢跑道。

## 单位

中间单位四房，2,200 平方尺；角头单位五房，最大 2,750 平方尺；每间都有可停两辆车的车廊和楼下客房。

## 附近

LRT USJ 21 站和 Summit USJ 在 1.5 公里内；双威、泰莱和莫纳什大学车程 15 分钟内。`,
    },
    gallery: [14, 17, 6, 9],
  },
];
