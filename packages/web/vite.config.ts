import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { consumerEntry } from './build/consumerEntry.ts';
import { publicKitGroup } from './build/publicKit.ts';
import { precompressedAssets } from './build/compression.ts';

/** The API server the dev server forwards to; the built app is served by that same server. */
const API_TARGET = 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [react(), consumerEntry(), precompressedAssets()],
  // The server hosts the built assets under /dist/; the router itself runs in history mode at '/'.
  // The dev server serves everything at '/', so history-mode paths like /loginPage load there too.
  base: command === 'build' ? '/dist/' : '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Two documents: the portal (index.html) and the consumer pages a label opens (consumer.html, src/public),
      // which load neither the portal's shell nor Ant Design nor ECharts.
      input: { index: 'index.html', consumer: 'consumer.html' },
      output: {
        // Chunks otherwise follow what each page imports, so a screen loads the components it uses and
        // the chunks pages share are cached across them. (codeSplitting.groups is Vite 8's replacement for
        // Rollup's manualChunks.)
        codeSplitting: {
          groups: [
            // ECharts and the China map data: only the statistics screens import them (dynamically), so
            // they get a chunk of their own that no other screen, and never the sign-in page, downloads.
            { name: 'vendor-echarts', test: /node_modules[\\/](echarts|zrender|china-geojson)[\\/]/, priority: 40 },
            // React itself: both documents and every page need all of it, and it changes least often.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            publicKitGroup(),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/acc': { target: API_TARGET, changeOrigin: true },
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
}));
