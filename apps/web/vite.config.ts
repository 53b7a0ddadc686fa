import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: { target: 'es2022' },
  // Workspace packages ship TypeScript sources: bundle them rather than leave them external.
  ssr: { noExternal: [/^@kunci\//] },
});
