/**
 * A small schema.org validator for our JSON-LD, without the network: every object's @type must be known, and
 * every property it carries must belong to that type (or a parent) with a value in the property's range. The
 * table holds only the types and properties our pages use, as schema.org defines them (schema.org/<Type>),
 * so anything else is reported, not accepted.
 */

type Literal = 'Text' | 'URL' | 'Number' | 'Integer' | 'Boolean' | 'Date' | 'DateTime';
interface TypeDef {
  parent?: string;
  properties?: Record<string, readonly string[]>;
}

const TYPES: Record<string, TypeDef> = {
  Thing: {
    properties: {
      name: ['Text'],
      description: ['Text'],
      url: ['URL'],
      image: ['URL', 'ImageObject'],
      potentialAction: ['Action'],
      sameAs: ['URL'],
    },
  },
  CreativeWork: {
    parent: 'Thing',
    properties: {
      offers: ['Offer'],
      mainEntity: ['Thing'],
      inLanguage: ['Text'],
      publisher: ['Organization'],
      datePublished: ['Date', 'DateTime'],
    },
  },
  WebPage: { parent: 'CreativeWork' },
  Article: {
    parent: 'CreativeWork',
    properties: {
      headline: ['Text'],
      dateModified: ['Date', 'DateTime'],
      author: ['Organization', 'Person'],
      mainEntityOfPage: ['URL', 'CreativeWork'],
    },
  },
  FAQPage: { parent: 'WebPage' },
  Question: { parent: 'CreativeWork', properties: { acceptedAnswer: ['Answer'] } },
  Answer: { parent: 'CreativeWork', properties: { text: ['Text'] } },
  Person: { parent: 'Thing' },
  Event: {
    parent: 'Thing',
    properties: {
      startDate: ['Date', 'DateTime'],
      endDate: ['Date', 'DateTime'],
      location: ['Place', 'VirtualLocation', 'PostalAddress', 'Text'],
      eventStatus: ['URL'],
      eventAttendanceMode: ['URL'],
      organizer: ['Organization', 'Person'],
      isAccessibleForFree: ['Boolean'],
      inLanguage: ['Text'],
    },
  },
  VirtualLocation: { parent: 'Intangible' },
  RealEstateListing: { parent: 'WebPage', properties: { datePosted: ['Date', 'DateTime'], leaseLength: ['QuantitativeValue'] } },
  WebSite: { parent: 'CreativeWork' },
  MediaObject: { parent: 'CreativeWork', properties: { contentUrl: ['URL'] } },
  ImageObject: { parent: 'MediaObject' },
  Place: {
    parent: 'Thing',
    properties: {
      address: ['PostalAddress', 'Text'],
      geo: ['GeoCoordinates'],
      photo: ['ImageObject'],
      amenityFeature: ['LocationFeatureSpecification'],
    },
  },
  Accommodation: {
    parent: 'Place',
    properties: {
      numberOfBedrooms: ['Number', 'QuantitativeValue'],
      numberOfBathroomsTotal: ['Integer'],
      numberOfRooms: ['Number', 'QuantitativeValue'],
      floorSize: ['QuantitativeValue'],
      floorLevel: ['Text'],
      petsAllowed: ['Boolean', 'Text'],
      accommodationCategory: ['Text'],
    },
  },
  Apartment: { parent: 'Accommodation', properties: { occupancy: ['QuantitativeValue'] } },
  House: { parent: 'Accommodation' },
  SingleFamilyResidence: { parent: 'House', properties: { occupancy: ['QuantitativeValue'] } },
  Room: { parent: 'Accommodation' },
  Residence: { parent: 'Place' },
  AdministrativeArea: { parent: 'Place' },
  Country: { parent: 'AdministrativeArea' },
  Organization: { parent: 'Thing', properties: { logo: ['URL', 'ImageObject'], areaServed: ['Place', 'Text'] } },
  Intangible: { parent: 'Thing' },
  Offer: {
    parent: 'Intangible',
    properties: {
      price: ['Number', 'Text'],
      priceCurrency: ['Text'],
      priceSpecification: ['PriceSpecification'],
      availability: ['URL'],
      availabilityStarts: ['Date', 'DateTime'],
      businessFunction: ['URL'],
      itemOffered: ['Product', 'Service', 'CreativeWork', 'Event', 'Trip'],
    },
  },
  StructuredValue: { parent: 'Intangible' },
  PriceSpecification: { parent: 'StructuredValue', properties: { price: ['Number', 'Text'], priceCurrency: ['Text'] } },
  UnitPriceSpecification: {
    parent: 'PriceSpecification',
    properties: {
      unitCode: ['Text', 'URL'],
      unitText: ['Text'],
      referenceQuantity: ['QuantitativeValue'],
      billingDuration: ['Number', 'QuantitativeValue'],
    },
  },
  QuantitativeValue: {
    parent: 'StructuredValue',
    properties: { value: ['Number', 'Boolean', 'Text'], unitCode: ['Text', 'URL'], unitText: ['Text'] },
  },
  ContactPoint: { parent: 'StructuredValue' },
  PostalAddress: {
    parent: 'ContactPoint',
    properties: {
      streetAddress: ['Text'],
      postalCode: ['Text'],
      addressLocality: ['Text'],
      addressRegion: ['Text'],
      addressCountry: ['Text', 'Country'],
    },
  },
  GeoCoordinates: { parent: 'StructuredValue', properties: { latitude: ['Number', 'Text'], longitude: ['Number', 'Text'] } },
  PropertyValue: { parent: 'StructuredValue', properties: { value: ['Boolean', 'Number', 'Text', 'StructuredValue'] } },
  LocationFeatureSpecification: { parent: 'PropertyValue' },
  Action: { parent: 'Thing', properties: { target: ['EntryPoint', 'URL'] } },
  // `query-input` is schema.org's "-input" annotation of the `query` property (schema.org/docs/actions.html).
  SearchAction: { parent: 'Action', properties: { query: ['Text'], 'query-input': ['Text'] } },
  EntryPoint: { parent: 'Intangible', properties: { urlTemplate: ['Text'] } },
  ItemList: { parent: 'Intangible', properties: { numberOfItems: ['Integer'], itemListElement: ['ListItem', 'Thing', 'Text'] } },
  ListItem: { parent: 'Intangible', properties: { position: ['Integer', 'Text'] } },
};

const LITERALS: Record<Literal, (value: unknown) => boolean> = {
  Text: (v) => typeof v === 'string',
  URL: (v) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v),
  Number: (v) => typeof v === 'number' && Number.isFinite(v),
  Integer: (v) => Number.isInteger(v),
  Boolean: (v) => typeof v === 'boolean',
  Date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
  DateTime: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)),
};

function isA(type: string, ancestor: string): boolean {
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) if (t === ancestor) return true;
  return false;
}

function propertyRange(type: string, property: string): readonly string[] | undefined {
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) {
    const range = TYPES[t]?.properties?.[property];
    if (range) return range;
  }
  return undefined;
}

/** Problems found in one JSON-LD document (an object, or an @graph of them); empty when it is valid. */
export function validateJsonLd(document: unknown): string[] {
  const problems: string[] = [];
  if (typeof document !== 'object' || document === null) return ['not an object'];
  const root = document as Record<string, unknown>;
  if (root['@context'] !== 'https://schema.org') problems.push(`@context is ${String(root['@context'])}, not https://schema.org`);
  const ids = new Set<string>();
  const nodes = Array.isArray(root['@graph']) ? (root['@graph'] as unknown[]) : [root];
  const collectIds = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(collectIds);
    if (typeof value !== 'object' || value === null) return;
    const id = (value as Record<string, unknown>)['@id'];
    if (typeof id === 'string' && (value as Record<string, unknown>)['@type']) ids.add(id);
    Object.values(value).forEach(collectIds);
  };
  nodes.forEach(collectIds);

  const checkNode = (node: unknown, path: string, expected: readonly string[]) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      problems.push(`${path}: expected an object`);
      return;
    }
    const fields = node as Record<string, unknown>;
    const type = fields['@type'];
    if (type === undefined && typeof fields['@id'] === 'string' && Object.keys(fields).length === 1) {
      if (!ids.has(fields['@id'])) problems.push(`${path}: reference to unknown @id ${fields['@id']}`);
      return;
    }
    if (typeof type !== 'string' || !TYPES[type]) {
      problems.push(`${path}: unknown @type ${String(type)}`);
      return;
    }
    if (!expected.some((range) => isA(type, range))) problems.push(`${path}: ${type} is not a ${expected.join(' or ')}`);
    for (const [property, value] of Object.entries(fields)) {
      if (property === '@type' || property === '@id' || property === '@context') continue;
      const range = propertyRange(type, property);
      if (!range) {
        problems.push(`${path}.${property}: not a property of ${type}`);
        continue;
      }
      checkValue(value, `${path}.${property}`, range);
    }
  };

  const checkValue = (value: unknown, path: string, range: readonly string[]) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => checkValue(item, `${path}[${index}]`, range));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      const types = range.filter((r) => !(r in LITERALS));
      if (!types.length) problems.push(`${path}: expected ${range.join(' or ')}, got an object`);
      else checkNode(value, path, types);
      return;
    }
    const literals = range.filter((r): r is Literal => r in LITERALS);
    if (!literals.some((literal) => LITERALS[literal](value))) problems.push(`${path}: ${JSON.stringify(value)} is not ${range.join(' or ')}`);
  };

  nodes.forEach((node, index) => checkNode(node, nodes.length > 1 ? `@graph[${index}]` : '$', ['Thing']));
  return problems;
}

/** Every JSON-LD document of an HTML page. */
export function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
}
