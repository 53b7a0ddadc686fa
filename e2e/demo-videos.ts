/**
 * Makes the demo reels (packages/db/src/demo/videos/tour-*.webm): short portrait "video tours" drawn on a canvas and
 * recorded by Chromium's MediaRecorder (VP8 WebM, no sound), small enough to ship. Run once:
 * `node e2e/demo-videos.ts`; the seed copies the files into the media store.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const OUT = resolve(import.meta.dirname, '../packages/db/src/demo/videos');
/** Wall, floor, fabric and sky of each tour. */
const TOURS = [
  { wall: '#efe6da', floor: '#a47551', fabric: '#37526d', sky: ['#8ec5ff', '#e0f0ff'] },
  { wall: '#e4ebe3', floor: '#cfc4b4', fabric: '#b5654a', sky: ['#ffb88c', '#ffe3c2'] },
  { wall: '#e9eef2', floor: '#8d6e56', fabric: '#2f6f73', sky: ['#9fd3e6', '#f3fbff'] },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const page = await browser.newPage();
for (const [index, tour] of TOURS.entries()) {
  const base64 = await page.evaluate(async (colours) => {
    const width = 360;
    const height = 640;
    const seconds = 5;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d')!;
    /** The room, three screens wide, seen through a camera panning across it. */
    function draw(t: number) {
      const pan = -t * 140;
      g.fillStyle = colours.wall;
      g.fillRect(0, 0, width, height);
      g.save();
      g.translate(pan, 0);
      const sky = g.createLinearGradient(0, 120, 0, 360);
      sky.addColorStop(0, colours.sky[0]!);
      sky.addColorStop(1, colours.sky[1]!);
      for (const x of [40, 520]) {
        g.fillStyle = sky;
        g.fillRect(x, 120, 260, 240);
        g.fillStyle = '#6d7f91';
        for (let b = 0; b < 6; b++) g.fillRect(x + 10 + b * 42, 240 - ((b * 37) % 90), 34, 120 + ((b * 37) % 90));
        g.strokeStyle = '#ffffff';
        g.lineWidth = 10;
        g.strokeRect(x, 120, 260, 240);
      }
      g.fillStyle = colours.floor;
      g.fillRect(-20, 430, 1200, 260);
      g.fillStyle = colours.fabric;
      g.beginPath();
      g.roundRect(120, 330, 320, 110, 24);
      g.fill();
      g.fillStyle = '#5a4636';
      g.fillRect(200, 500, 180, 16);
      g.fillStyle = '#3f7d4e';
      g.beginPath();
      g.arc(620, 380, 46, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#d9d2c5';
      g.fillRect(600, 410, 40, 60);
      g.fillStyle = '#ffffff';
      g.fillRect(760, 250, 150, 250);
      g.fillStyle = colours.fabric;
      g.fillRect(780, 270, 110, 210);
      g.restore();
      // Light moving over the room, as a phone's exposure does.
      g.fillStyle = `rgba(255, 255, 255, ${0.08 + 0.06 * Math.sin(t * 2)})`;
      g.fillRect(0, 0, width, height);
    }
    const stream = canvas.captureStream(24);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 220_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((done) => (recorder.onstop = done));
    const started = performance.now();
    draw(0);
    recorder.start();
    await new Promise<void>((done) => {
      const timer = setInterval(() => {
        const t = (performance.now() - started) / 1000;
        draw(Math.min(t, seconds));
        if (t >= seconds) {
          clearInterval(timer);
          done();
        }
      }, 1000 / 24);
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, tour);
  const file = join(OUT, `tour-${index + 1}.webm`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  console.log(file, Buffer.from(base64, 'base64').length, 'bytes');
}
await browser.close();
