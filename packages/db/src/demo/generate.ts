import { BUSINESS, isZeroDepositEligible } from '@kunci/contracts/business';
import type { ListingType, PropertyCategory } from '@kunci/contracts/reference';
import { FACILITIES, NEARBY_PLACES, type Facility, type NearbyPlace } from '@kunci/contracts/listings';
import { AREAS } from '../reference/areas.ts';
import { createRandom, int, pick, roundTo, seedFor, weighted, type Random } from './random.ts';

export const DEMO_SEED = 20_261_121;
export const LISTINGS_PER_LANDLORD = 4;
type Area = (typeof AREAS)[number];

export interface DemoLandmark {
  seedKey: string;
  areaId: number;
  name: string;
  address: string;
  postcode: string;
  listingType: 'HIGHRISE' | 'LANDED';
  lat: number;
  lng: number;
  verified: boolean;
  facilities: Facility[];
  nearby: NearbyPlace[];
}

/** A verified building's directory entry: most high-rises have security, a lift and a pool; the rest varies. */
function directoryEntry(seed: number): { facilities: Facility[]; nearby: NearbyPlace[] } {
  // Its own random stream, so the buildings' other facts stay as they were.
  const random = createRandom(seed);
  const usual: readonly Facility[] = ['SECURITY', 'LIFT', 'POOL', 'COVERED_PARKING'];
  return {
    facilities: FACILITIES.filter((f) => usual.includes(f) || random() < 0.4),
    nearby: NEARBY_PLACES.filter(() => random() < 0.5),
  };
}

const HIGHRISE_NAMES = [
  '{a} Heights',
  'Residensi {a}',
  'The {a} Suites',
  '{a} Parkview',
  'Vista {a}',
  '{a} Sentral Residences',
  'Mutiara {a}',
  '{a} Peak',
];
const LANDED_NAMES = ['Taman {a} Indah', 'Taman {a} Jaya', '{a} Hills', 'Taman Seri {a}'];
const STREETS = ['Jalan Damai', 'Jalan Mawar', 'Jalan Cempaka', 'Jalan Kenanga', 'Jalan Melati', 'Jalan Anggerik', 'Jalan Seroja', 'Jalan Teratai'];

/** Named buildings and estates for every area: 8 high-rises (the first 5 verified) and 4 landed estates. */
export function demoLandmarks(): DemoLandmark[] {
  return AREAS.flatMap((area) => {
    const random = createRandom(seedFor(DEMO_SEED, 100_000 + area.id));
    const make = (template: string, index: number, listingType: 'HIGHRISE' | 'LANDED'): DemoLandmark => {
      const postcode = pick(random, area.postcodes);
      return {
        seedKey: `lm:${area.slug}:${listingType}:${index}`,
        areaId: area.id,
        name: template.replace('{a}', area.en),
        address: `${int(random, 1, 120)}, ${pick(random, STREETS)} ${int(random, 1, 20)}, ${postcode} ${area.en}`,
        postcode,
        listingType,
        lat: area.lat + (random() - 0.5) * 0.03,
        lng: area.lng + (random() - 0.5) * 0.03,
        verified: listingType === 'HIGHRISE' && index < 5,
        ...(listingType === 'HIGHRISE' && index < 5
          ? directoryEntry(seedFor(DEMO_SEED, 200_000 + area.id * 100 + index))
          : { facilities: [], nearby: [] }),
      };
    };
    return [...HIGHRISE_NAMES.map((t, i) => make(t, i, 'HIGHRISE')), ...LANDED_NAMES.map((t, i) => make(t, i, 'LANDED'))];
  });
}

const FIRST = [
  'Ahmad',
  'Nur',
  'Siti',
  'Muhammad',
  'Wei Ming',
  'Mei Ling',
  'Jia Hui',
  'Kok Leong',
  'Priya',
  'Arjun',
  'Kavitha',
  'Farah',
  'Hafiz',
  'Aisyah',
  'Daniel',
  'Michelle',
];
const LAST = ['Abdullah', 'Ismail', 'Rahman', 'Tan', 'Lim', 'Wong', 'Lee', 'Ng', 'Chong', 'Raj', 'Kumar', 'Pillai', 'Hassan', 'Yusof', 'Teoh', 'Ong'];

export interface DemoLandlord {
  phoneNumber: string;
  name: string;
  language: 'EN' | 'MY' | 'ZH';
}

export function demoLandlord(index: number): DemoLandlord {
  const random = createRandom(seedFor(DEMO_SEED + 1, index));
  const first = pick(random, FIRST);
  const last = pick(random, LAST);
  const chinese = ['Tan', 'Lim', 'Wong', 'Lee', 'Ng', 'Chong', 'Teoh', 'Ong'].includes(last);
  return {
    // +60 11 numbers have eight digits after the 11.
    phoneNumber: `+6011${String(10_000_000 + index)}`,
    name: chinese ? `${last} ${first}` : `${first} ${last}`,
    language: chinese ? pick(random, ['EN', 'ZH'] as const) : pick(random, ['EN', 'MY'] as const),
  };
}

export interface DemoListing {
  seedKey: string;
  landlordIndex: number;
  areaId: number;
  landmarkIndex: number;
  landmarkType: 'HIGHRISE' | 'LANDED';
  type: ListingType;
  category: PropertyCategory;
  name: string;
  description: string;
  unitNumber: string | null;
  latJitter: number;
  lngJitter: number;
  price: number;
  negotiable: boolean;
  carpark: number;
  furnishType: 'NONE' | 'PARTIAL' | 'FULL';
  fullyFurnishable: boolean;
  bedroom: number | null;
  bathroom: number | null;
  sqft: number | null;
  level: number | null;
  storeys: number | null;
  bathroomType: string | null;
  roomType: string | null;
  roommate: number | null;
  leaseType: string | null;
  saleType: string | null;
  petFriendly: boolean;
  availabilityInDays: number;
  ageMinutes: number;
  status: 'ACTIVE' | 'SUSPENDED' | 'EXPIRED';
  active: boolean;
  reviewStatus: 'PENDING' | 'APPROVED' | 'REJECTED';
  zeroDepositEligible: boolean;
  pictures: number[];
}

/** Where listings cluster: the city and the busiest rental areas get more. */
const AREA_WEIGHT: Partial<Record<string, number>> = {
  'kuala-lumpur': 3,
  'petaling-jaya': 3,
  bangsar: 3,
  'mont-kiara': 2,
  cheras: 2,
  'subang-jaya': 2,
};
const AREA_WEIGHTS = AREAS.map((area) => [area, AREA_WEIGHT[area.slug] ?? 1] as const);
const TYPE_WEIGHTS = [
  ['ROOM', 30],
  ['HIGHRISE', 40],
  ['LANDED', 15],
  ['HIGHRISE_SALE', 10],
  ['LANDED_SALE', 5],
] as const;

const CATEGORY_BY_TYPE: Record<ListingType, readonly (readonly [PropertyCategory, number])[]> = {
  ROOM: [['room', 1]],
  HIGHRISE: [
    ['condo', 5],
    ['apartment', 3],
    ['studio', 2],
    ['highrise', 1],
  ],
  HIGHRISE_SALE: [
    ['condo', 3],
    ['apartment', 2],
  ],
  LANDED: [
    ['terrace', 3],
    ['house', 2],
  ],
  LANDED_SALE: [
    ['terrace', 3],
    ['house', 2],
  ],
};

function layout(random: Random, category: PropertyCategory): { bedroom: number; bathroom: number; sqft: number } {
  switch (category) {
    case 'studio':
      return { bedroom: 1, bathroom: 1, sqft: int(random, 350, 600) };
    case 'apartment': {
      const bedroom = int(random, 2, 3);
      return { bedroom, bathroom: bedroom - 1 + int(random, 0, 1), sqft: int(random, 650, 1100) };
    }
    case 'terrace': {
      const bedroom = int(random, 3, 5);
      return { bedroom, bathroom: bedroom - 1, sqft: int(random, 1400, 2400) };
    }
    case 'house': {
      const bedroom = int(random, 4, 6);
      return { bedroom, bathroom: bedroom, sqft: int(random, 2200, 5000) };
    }
    default: {
      const bedroom = int(random, 1, 4);
      return { bedroom, bathroom: Math.max(1, bedroom - int(random, 0, 1)), sqft: int(random, 500 + bedroom * 150, 800 + bedroom * 220) };
    }
  }
}

const FEATURES = [
  'a swimming pool',
  'a 24-hour guarded lobby',
  'a gym',
  'covered parking',
  'a playground',
  'a rooftop garden',
  'easy access to the LRT',
  'shops and cafes downstairs',
];

function describe(random: Random, category: PropertyCategory, area: Area, furnish: string, bedroom: number | null): string {
  const size = bedroom ? `${bedroom}-bedroom ${category}` : category;
  const furnishing = furnish === 'FULL' ? 'fully furnished' : furnish === 'PARTIAL' ? 'partly furnished' : 'unfurnished';
  const a = pick(random, FEATURES);
  let b = pick(random, FEATURES);
  if (b === a) b = FEATURES[(FEATURES.indexOf(a) + 1) % FEATURES.length]!;
  return `Bright ${furnishing} ${size} in ${area.en}, with ${a} and ${b}. Walking distance to groceries and public transport. Viewing by appointment; message the owner to arrange a time.`;
}

/** Listing `index` of the demo set: generated from its own seed, so any slice can be made alone. */
export function demoListing(index: number): DemoListing {
  const random = createRandom(seedFor(DEMO_SEED, index));
  const area = weighted(random, AREA_WEIGHTS);
  const type = weighted(random, TYPE_WEIGHTS) as ListingType;
  const category = weighted(random, CATEGORY_BY_TYPE[type]);
  const landed = type === 'LANDED' || type === 'LANDED_SALE';
  const landmarkType = landed || (type === 'ROOM' && random() < 0.3) ? 'LANDED' : 'HIGHRISE';
  const landmarkIndex = landmarkType === 'HIGHRISE' ? int(random, 0, HIGHRISE_NAMES.length - 1) : int(random, 0, LANDED_NAMES.length - 1);
  const templates = landmarkType === 'HIGHRISE' ? HIGHRISE_NAMES : LANDED_NAMES;
  const landmarkName = templates[landmarkIndex]!.replace('{a}', area.en);
  const furnishType = weighted(random, [
    ['NONE', 2],
    ['PARTIAL', 4],
    ['FULL', 4],
  ] as const);
  const sale = type === 'HIGHRISE_SALE' || type === 'LANDED_SALE';

  let bedroom: number | null = null;
  let bathroom: number | null = null;
  let sqft: number | null = null;
  let price: number;
  let roomType: string | null = null;
  let bathroomType: string | null = null;
  let roommate: number | null = null;
  if (type === 'ROOM') {
    roomType = weighted(random, [
      ['SINGLE', 3],
      ['MIDDLE', 4],
      ['MASTER', 3],
    ] as const);
    bathroomType =
      roomType === 'MASTER'
        ? 'PRIVATE'
        : weighted(random, [
            ['SHARED', 4],
            ['PRIVATE', 1],
          ] as const);
    roommate = int(random, 1, 5);
    const base = roomType === 'MASTER' ? 900 : roomType === 'MIDDLE' ? 650 : 480;
    price = roundTo(base * area.priceLevel * (0.85 + random() * 0.35), 10);
  } else {
    ({ bedroom, bathroom, sqft } = layout(random, category));
    if (sale) {
      const psf = (landed ? 380 : 520) * area.priceLevel * (0.8 + random() * 0.45);
      price = roundTo(psf * sqft, 1000);
    } else {
      const perSqft = (landed ? 1.05 : 2.0) * area.priceLevel * (0.78 + random() * 0.42);
      const furnishing = furnishType === 'FULL' ? 1.12 : furnishType === 'PARTIAL' ? 1.04 : 0.95;
      price = roundTo(Math.max(700, perSqft * sqft * furnishing), 50);
    }
  }

  const roll = random();
  const [status, active, reviewStatus] =
    roll < 0.9
      ? (['ACTIVE', true, 'APPROVED'] as const)
      : roll < 0.93
        ? (['ACTIVE', false, 'APPROVED'] as const)
        : roll < 0.95
          ? (['EXPIRED', true, 'APPROVED'] as const)
          : roll < 0.98
            ? (['ACTIVE', true, 'PENDING'] as const)
            : (['SUSPENDED', false, 'APPROVED'] as const);

  const pictureCount = int(random, 4, 6);
  const pictures: number[] = [];
  while (pictures.length < pictureCount) {
    const n = int(random, 0, 23);
    if (!pictures.includes(n)) pictures.push(n);
  }

  return {
    seedKey: `demo:${index}`,
    landlordIndex: Math.floor(index / LISTINGS_PER_LANDLORD),
    areaId: area.id,
    landmarkIndex,
    landmarkType,
    type,
    category,
    name: landmarkName,
    description: describe(random, category, area, furnishType, bedroom),
    unitNumber: landmarkType === 'HIGHRISE' ? `${pick(random, ['A', 'B', 'C'])}-${int(random, 1, 38)}-${int(random, 1, 12)}` : null,
    latJitter: (random() - 0.5) * 0.004,
    lngJitter: (random() - 0.5) * 0.004,
    price,
    negotiable: random() < 0.35,
    carpark: type === 'ROOM' ? int(random, 0, 1) : int(random, 1, landed ? 3 : 2),
    furnishType,
    fullyFurnishable: furnishType !== 'FULL' && random() < 0.3,
    bedroom,
    bathroom,
    sqft,
    level: landmarkType === 'HIGHRISE' ? int(random, 1, 40) : null,
    storeys: landed ? int(random, 1, 3) : null,
    bathroomType,
    roomType,
    roommate,
    leaseType: sale
      ? weighted(random, [
          ['FREEHOLD', 3],
          ['LEASEHOLD', 2],
        ] as const)
      : null,
    saleType: sale
      ? weighted(random, [
          ['SUBSALE', 4],
          ['NEW_PROJECT', 1],
        ] as const)
      : null,
    petFriendly: random() < 0.4,
    availabilityInDays: int(random, 0, 60),
    ageMinutes: int(random, 0, BUSINESS.listing.lifetimeDays * 24 * 60 - 1),
    status,
    active,
    reviewStatus,
    zeroDepositEligible: !sale && isZeroDepositEligible(type, price),
    pictures,
  };
}
