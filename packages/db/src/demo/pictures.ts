import sharp from 'sharp';
import { storeImageVariants, variantKey } from '@kunci/media/images';
import type { MediaStore } from '@kunci/media/store';
import { createRandom, int, pick, type Random } from './random.ts';

/** How many distinct demo photos exist; listings draw theirs from this pool. */
export const DEMO_PICTURES = 24;
const WIDTH = 1600;
const HEIGHT = 1067;

const WALLS = ['#f3ede4', '#e9eef2', '#efe6da', '#e4ebe3', '#f1e9ef', '#ece8df'];
const FLOORS = ['#b98b5e', '#a47551', '#cfc4b4', '#8d6e56', '#d8cfc2', '#9c8670'];
const FABRICS = ['#37526d', '#6b8f71', '#b5654a', '#7a6c8f', '#c9a227', '#4a4a4a', '#2f6f73'];
const SKIES = [
  ['#8ec5ff', '#e0f0ff'],
  ['#ffb88c', '#ffe3c2'],
  ['#9fd3e6', '#f3fbff'],
] as const;

/** Every third picture shows a building from outside; the rest are rooms. */
export function isExteriorPicture(n: number): boolean {
  return n % 3 === 2;
}

export function demoPictureKey(n: number): string {
  return `demo/photo-${String(n).padStart(2, '0')}`;
}

function skyline(random: Random, x: number, y: number, w: number, h: number): string {
  let out = '';
  let cursor = x;
  while (cursor < x + w) {
    const bw = int(random, 30, 80);
    const bh = int(random, h * 0.25, h * 0.8);
    out += `<rect x="${cursor}" y="${y + h - bh}" width="${Math.min(bw, x + w - cursor)}" height="${bh}" fill="#6d7f91" opacity="0.55"/>`;
    cursor += bw + int(random, 4, 14);
  }
  return out;
}

function interior(random: Random): string {
  const wall = pick(random, WALLS);
  const floor = pick(random, FLOORS);
  const fabric = pick(random, FABRICS);
  const [skyTop, skyBottom] = pick(random, SKIES);
  const horizon = int(random, 640, 720);
  const winX = int(random, 120, 760);
  const winW = int(random, 420, 640);
  const sofaX = int(random, 260, 820);
  const sofaW = int(random, 520, 700);
  const plantX = random() > 0.5 ? sofaX - 130 : sofaX + sofaW + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.6"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor}"/><stop offset="1" stop-color="#3b2f25" stop-opacity="0.85"/></linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
  <rect x="${winX}" y="120" width="${winW}" height="${horizon - 220}" fill="url(#sky)" stroke="#ffffff" stroke-width="18"/>
  ${skyline(random, winX + 10, 300, winW - 20, horizon - 410)}
  <line x1="${winX + winW / 2}" y1="120" x2="${winX + winW / 2}" y2="${horizon - 100}" stroke="#ffffff" stroke-width="12"/>
  <polygon points="0,${horizon} ${WIDTH},${horizon} ${WIDTH},${HEIGHT} 0,${HEIGHT}" fill="url(#floor)"/>
  <ellipse cx="${sofaX + sofaW / 2}" cy="${horizon + 200}" rx="${sofaW * 0.6}" ry="70" fill="#ffffff" opacity="0.35"/>
  <rect x="${sofaX}" y="${horizon - 150}" width="${sofaW}" height="170" rx="34" fill="${fabric}"/>
  <rect x="${sofaX - 30}" y="${horizon - 80}" width="70" height="130" rx="26" fill="${fabric}"/>
  <rect x="${sofaX + sofaW - 40}" y="${horizon - 80}" width="70" height="130" rx="26" fill="${fabric}"/>
  <rect x="${sofaX + 30}" y="${horizon - 60}" width="${sofaW - 60}" height="60" rx="18" fill="#ffffff" opacity="0.18"/>
  <rect x="${sofaX + sofaW / 2 - 160}" y="${horizon + 110}" width="320" height="26" rx="8" fill="#5a4636"/>
  <rect x="${plantX + 20}" y="${horizon - 40}" width="70" height="90" rx="10" fill="#d9d2c5"/>
  <circle cx="${plantX + 55}" cy="${horizon - 90}" r="70" fill="#3f7d4e"/>
  <circle cx="${plantX + 15}" cy="${horizon - 130}" r="45" fill="#4f9460"/>
  <rect x="${int(random, 1000, 1300)}" y="180" width="160" height="210" fill="${pick(random, FABRICS)}" stroke="#3a3a3a" stroke-width="10" opacity="0.85"/>
</svg>`;
}

function exterior(random: Random): string {
  const [skyTop, skyBottom] = pick(random, SKIES);
  const facade = pick(random, ['#d9dde3', '#e8e1d6', '#c9d3da', '#efe9e1']);
  const towers = int(random, 1, 3);
  let body = '';
  for (let t = 0; t < towers; t++) {
    const w = int(random, 280, 420);
    const x = 140 + (t * (WIDTH - 280)) / towers + int(random, 0, 60);
    const top = int(random, 90, 320);
    body += `<rect x="${x}" y="${top}" width="${w}" height="${HEIGHT - top - 160}" fill="${facade}" stroke="#8a96a3" stroke-width="4"/>`;
    for (let y = top + 30; y < HEIGHT - 200; y += 54) {
      for (let wx = x + 24; wx < x + w - 40; wx += 62) {
        body += `<rect x="${wx}" y="${y}" width="40" height="30" fill="#5d7a99" opacity="${(0.5 + random() * 0.4).toFixed(2)}"/>`;
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  ${body}
  <rect y="${HEIGHT - 170}" width="${WIDTH}" height="170" fill="#5f8f4e"/>
  <circle cx="${int(random, 100, 400)}" cy="${HEIGHT - 200}" r="90" fill="#2f6b3a"/>
  <circle cx="${int(random, 1200, 1500)}" cy="${HEIGHT - 190}" r="110" fill="#2f6b3a"/>
  <rect y="${HEIGHT - 70}" width="${WIDTH}" height="70" fill="#777d84"/>
</svg>`;
}

/** Draws the demo photo pool once (real JPEG-sourced WebP files in every width); later calls reuse it. */
export async function ensureDemoPictures(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for (let n = 0; n < DEMO_PICTURES; n++) {
    const key = demoPictureKey(n);
    keys.push(key);
    if (await store.exists(variantKey(key, 1600))) continue;
    const random = createRandom(7_000 + n);
    const svg = isExteriorPicture(n) ? exterior(random) : interior(random);
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
    await storeImageVariants(store, key, jpeg, 'stock');
  }
  return keys;
}
