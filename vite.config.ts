import { constants } from 'node:zlib';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    // Brotli and gzip copies of the scripts, styles and icons beside each file, made once at build time at
    // the strongest settings; the server picks one per request (server/web/routes.ts). index.html is
    // compressed by the server, which writes the visitor's language into it.
    compression({
      include: /\.(js|css|svg)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // read by the server to preload the visitor's language catalog (server/web/routes.ts)
    manifest: true,
  },
});
