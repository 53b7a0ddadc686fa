import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { catalogueFiles } from './catalogue-files.ts';
import { precompress } from './precompress.ts';
import { pureContracts } from './pure-contracts.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), catalogueFiles(), pureContracts(), precompress()],
  build: {
    target: 'es2022',
    // Few, larger scripts instead of twenty small ones: every request is a round trip on a phone's connection.
    // The framework goes in one chunk (it changes only with an upgrade, so it stays cached across releases); code
    // shared by two or more pages in another; each page keeps its own chunk, loaded only where it is used.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'framework', test: /node_modules[\\/](react|react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
            {
              name: 'app',
              test: /apps[\\/]web[\\/]app[\\/](components|lib)[\\/]|packages[\\/]i18n[\\/]src[\\/](?!messages[\\/])/,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  // Workspace packages ship TypeScript sources: bundle them rather than leave them external.
  ssr: { noExternal: [/^@kunci\//] },
});
