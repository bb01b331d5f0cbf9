import { defineConfig } from 'vite';
import { rendererConfig } from './vite.renderer';

/** `npm run build:web`: the static web build of the renderer (served by `serve`, or hosted statically). */
export default defineConfig(rendererConfig('dist-web'));
