/// <reference types="vite/client" />

// window.api is typed by src/shared/contract/preload-api.ts (its global Window declaration), read in
// api/transports.ts.
export {};
