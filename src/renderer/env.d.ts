/// <reference types="vite/client" />

// window.api (the desktop preload bridge) is read loosely in api/transports.ts through globalThis, so this
// file adds no global Window declaration that could clash with the preload's own typing.
export {};
