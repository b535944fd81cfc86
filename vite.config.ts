import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const reactRouterDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: '~', replacement: fileURLToPath(new URL('./app', import.meta.url)) },
      // react-router's package exports name only its development build (warnings and checks on every
      // render: remix-run/react-router#14102). The production build, server and browser, uses the
      // production files the package ships beside it (ADR 024).
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterDist('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterDist('dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: { assetsInlineLimit: 0 },
}));
