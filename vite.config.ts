import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    // In development the API server runs beside Vite; pages come from Vite, API calls go through.
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/create-checkout-session': `http://localhost:${apiPort}`,
    },
  },
});
