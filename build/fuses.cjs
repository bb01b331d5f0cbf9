/**
 * electron-builder afterPack hook: flips the Electron fuses of the packaged binary (before signing).
 * The settings are a plain object (FUSES) so a unit test checks them without packaging anything.
 */
'use strict';

/** Fuse name (as in @electron/fuses FuseV1Options) → wanted state. Every fuse is set explicitly. */
const FUSES = Object.freeze({
  // `ELECTRON_RUN_AS_NODE=1 app` would turn the signed app into a plain Node runtime.
  RunAsNode: false,
  // Cookies and local storage encrypted with an OS-keychain key.
  EnableCookieEncryption: true,
  // NODE_OPTIONS / NODE_EXTRA_CA_CERTS cannot inject code or flags.
  EnableNodeOptionsEnvironmentVariable: false,
  // --inspect / --inspect-brk cannot attach a debugger to the main process.
  EnableNodeCliInspectArguments: false,
  // The app.asar is checked against the hash embedded at build time (macOS, Windows).
  EnableEmbeddedAsarIntegrityValidation: true,
  // Only app.asar is loaded, never a loose resources/app folder dropped next to it.
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  // The app is served from app://, file:// needs no extra privileges.
  GrantFileProtocolExtraPrivileges: false,
  WasmTrapHandlers: true,
});

/** Builds the @electron/fuses config from FUSES and the FuseV1Options enum of the installed version. */
function buildFuseConfig(fusesModule, { resetAdHocDarwinSignature = false } = {}) {
  const { FuseVersion, FuseV1Options } = fusesModule;
  const config = { version: FuseVersion.V1, resetAdHocDarwinSignature, strictlyRequireAllFuses: true };
  for (const [name, value] of Object.entries(FUSES)) {
    const index = FuseV1Options[name];
    if (typeof index !== 'number') throw new Error(`Fuse desconocido: ${name}`);
    config[index] = value;
  }
  return config;
}

/** @param {import('app-builder-lib').AfterPackContext} context */
async function afterPack(context) {
  const fuses = await import('@electron/fuses');
  // Arch.arm64 === 3 in builder-util: an arm64 macOS binary needs its ad-hoc signature redone after flipping.
  const resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === 3;
  await context.packager.addElectronFuses(context, buildFuseConfig(fuses, { resetAdHocDarwinSignature }));
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.afterPack = afterPack;
module.exports.FUSES = FUSES;
module.exports.buildFuseConfig = buildFuseConfig;
