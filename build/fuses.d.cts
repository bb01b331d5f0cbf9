import type { FuseV1Config } from '@electron/fuses';

export declare const FUSES: Readonly<{
  RunAsNode: boolean;
  EnableCookieEncryption: boolean;
  EnableNodeOptionsEnvironmentVariable: boolean;
  EnableNodeCliInspectArguments: boolean;
  EnableEmbeddedAsarIntegrityValidation: boolean;
  OnlyLoadAppFromAsar: boolean;
  LoadBrowserProcessSpecificV8Snapshot: boolean;
  GrantFileProtocolExtraPrivileges: boolean;
  WasmTrapHandlers: boolean;
}>;
export declare function buildFuseConfig(
  fusesModule: typeof import('@electron/fuses'),
  options?: { resetAdHocDarwinSignature?: boolean },
): FuseV1Config;
export declare function afterPack(context: unknown): Promise<void>;
export default afterPack;
