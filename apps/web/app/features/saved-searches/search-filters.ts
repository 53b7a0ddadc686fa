import { FURNISH_TYPES, ROOM_TYPES } from '@kunci/contracts/listings';
import type { Area, PropertyTypeInfo } from '@kunci/contracts/reference';
import type { SavedSearch } from '@kunci/contracts/saved-searches';
import type { I18n } from '../../lib/i18n.tsx';

type Value = SavedSearch['query'][string] | undefined;

const listOf = (value: Value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : []);
const countOf = (value: Value) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined);
const flagOf = (value: Value) => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined);
const oneOf = <T extends string>(values: readonly T[], items: string[]) =>
  items.filter((item): item is T => (values as readonly string[]).includes(item));

/**
 * A saved search's filters as short chips in the reader's language, in the order of the results page's filters:
 * rent or buy, where, type, price, rooms, furnishing, then the others. `query` is the query the API keeps (lists
 * comma-separated); a filter that filters nothing (no bedrooms asked, a building search's area) has no chip.
 */
export function searchFilters(
  query: SavedSearch['query'],
  { t, lang, money, list }: Pick<I18n, 't' | 'lang' | 'money' | 'list'>,
  { areas, types }: { areas: readonly Area[]; types: readonly PropertyTypeInfo[] },
): string[] {
  const chips: string[] = [t(query.purpose === 'sale' ? 'notifications.saved.filter.sale' : 'notifications.saved.filter.rent')];
  const place = typeof query.q === 'string' && query.q ? query.q : undefined;
  // Around a chosen building the search crosses area borders (its area filters nothing); by name it keeps its area.
  if (query.lm !== undefined) {
    if (place) chips.push(t('notifications.saved.filter.near', { place }));
  } else {
    const area = areas.find((each) => each.slug === query.loc);
    if (area) chips.push(area.name[lang]);
    if (place && query.category === 'PROPERTY') chips.push(t('notifications.saved.filter.named', { text: place }));
  }
  const typeNames = listOf(query.propertyType).map((slug) => types.find((type) => type.slug === slug)?.name[lang] ?? slug);
  if (typeNames.length) chips.push(list(typeNames));

  const min = countOf(query.minPrice);
  const max = countOf(query.maxPrice);
  if (min !== undefined && max !== undefined) chips.push(t('notifications.saved.filter.price', { min: money(min), max: money(max) }));
  else if (min !== undefined) chips.push(t('notifications.saved.filter.priceFrom', { min: money(min) }));
  else if (max !== undefined) chips.push(t('notifications.saved.filter.priceUpTo', { max: money(max) }));

  const bedrooms = countOf(query.bedrooms);
  if (bedrooms) chips.push(t('filters.bedroomsMin', { count: bedrooms }));
  const bathrooms = countOf(query.bathrooms);
  if (bathrooms) chips.push(t('notifications.saved.filter.bathrooms', { count: bathrooms }));
  const parking = countOf(query.parking);
  if (parking) chips.push(t('notifications.saved.filter.parking', { count: parking }));
  const furnishing = oneOf(FURNISH_TYPES, listOf(query.furnishType));
  if (furnishing.length) chips.push(list(furnishing.map((value) => t(`furnish.${value}`))));
  const rooms = oneOf(ROOM_TYPES, listOf(query.roomType));
  if (rooms.length) chips.push(list(rooms.map((value) => t(`roomType.${value}`))));

  const pets = flagOf(query.petFriendly);
  if (pets !== undefined) chips.push(t(pets ? 'filters.pets' : 'notifications.saved.filter.noPets'));
  const zeroDeposit = flagOf(query.zeroDeposit);
  if (zeroDeposit !== undefined) chips.push(t(zeroDeposit ? 'notifications.saved.filter.zeroDeposit' : 'notifications.saved.filter.withDeposit'));
  if (flagOf(query.specialOffer)) chips.push(t('growth.offer.filter'));
  if (flagOf(query.instantView)) chips.push(t('services.instantView.filter'));
  return chips;
}
