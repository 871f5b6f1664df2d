import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server the dev server forwards to; the built app is served by that same server. */
const API_TARGET = 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  // The server hosts the built assets under /dist/; the router itself runs in history mode at '/'.
  // The dev server serves everything at '/', so history-mode paths like /loginPage load there too.
  base: command === 'build' ? '/dist/' : '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large library by nature; its chunk is cached separately from the app code.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        // Vendor chunks change far less often than the app, so browsers keep them across releases.
        // (codeSplitting.groups is Vite 8's replacement for Rollup's manualChunks.)
        codeSplitting: {
          groups: [
            // ECharts and the China map data: only the statistics screens import them (dynamically), so
            // they get a chunk of their own that no other screen, and never the sign-in page, downloads.
            {
              name: 'vendor-echarts',
              test: /node_modules[\\/](echarts|zrender|china-geojson)[\\/]/,
              priority: 40,
            },
            // jsQR decodes camera frames for the code scanner only; a chunk of its own keeps it off the
            // scan result page and the portal, which never open the camera.
            { name: 'vendor-jsqr', test: /node_modules[\\/]jsqr[\\/]/, priority: 40 },
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|dayjs)[\\/]/,
              priority: 20,
            },
            // The remaining libraries (axios, i18next, nprogress ...) in one shared chunk.
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
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
