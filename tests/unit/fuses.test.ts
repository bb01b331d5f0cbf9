import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import afterPack, { buildFuseConfig, FUSES } from '../../build/fuses.cjs';
import * as fusesModule from '@electron/fuses';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

describe('Electron fuses of the packaged app', () => {
  it('turn off RunAsNode, NODE_OPTIONS and the inspector; asar only and integrity-checked; cookies encrypted', () => {
    expect(FUSES.RunAsNode).toBe(false);
    expect(FUSES.EnableNodeOptionsEnvironmentVariable).toBe(false);
    expect(FUSES.EnableNodeCliInspectArguments).toBe(false);
    expect(FUSES.EnableCookieEncryption).toBe(true);
    expect(FUSES.OnlyLoadAppFromAsar).toBe(true);
    expect(FUSES.EnableEmbeddedAsarIntegrityValidation).toBe(true);
    expect(FUSES.GrantFileProtocolExtraPrivileges).toBe(false);
    expect(Object.isFrozen(FUSES)).toBe(true);
  });

  it('sets every fuse the installed @electron/fuses knows, by its real name', () => {
    const known = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k)));
    expect(Object.keys(FUSES).sort()).toEqual(known.sort());
    const config = buildFuseConfig(fusesModule) as unknown as Record<string | number, unknown>;
    expect(config.version).toBe(FuseVersion.V1);
    expect(config.strictlyRequireAllFuses).toBe(true);
    expect(config[FuseV1Options.RunAsNode]).toBe(false);
    expect(config[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(config[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(config[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
  });

  it('flips the fuse wire of a binary (a stand-in with the Electron sentinel) as configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuses-'));
    try {
      const binary = join(dir, 'consola-automatizacion');
      const wireLength = Object.keys(FUSES).length;
      writeFileSync(
        binary,
        Buffer.concat([
          Buffer.alloc(1000, 7),
          Buffer.from(SENTINEL),
          Buffer.from([1, wireLength]),
          Buffer.from('1'.repeat(wireLength)), // Electron's defaults are mostly "enabled"
          Buffer.alloc(1000, 7),
        ]),
      );
      await flipFuses(binary, buildFuseConfig(fusesModule));
      const wire = await getCurrentFuseWire(binary);
      const on = (v: boolean) => (v ? FuseState.ENABLE : FuseState.DISABLE);
      for (const [name, value] of Object.entries(FUSES)) {
        expect(wire[FuseV1Options[name as keyof typeof FuseV1Options]], name).toBe(on(value));
      }
      expect(readFileSync(binary).length).toBe(2000 + SENTINEL.length + 2 + wireLength);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the afterPack hook hands the config to electron-builder, resetting the ad-hoc signature on arm64 macOS', async () => {
    const calls: Array<{ config: Record<string, unknown> }> = [];
    const packager = { addElectronFuses: async (_ctx: unknown, config: Record<string, unknown>) => calls.push({ config }) };
    await afterPack({ electronPlatformName: 'linux', arch: 1, packager });
    await afterPack({ electronPlatformName: 'darwin', arch: 3, packager });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.config.resetAdHocDarwinSignature).toBe(false);
    expect(calls[1]!.config.resetAdHocDarwinSignature).toBe(true);
    expect(calls[0]!.config[String(FuseV1Options.RunAsNode)]).toBe(false);
  });
});

describe('packaging resources', () => {
  it('the app icons are 512×512 RGBA PNGs', () => {
    for (const path of ['build/icon.png', 'resources/icon.png']) {
      const png = readFileSync(path);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
      expect(png.readUInt32BE(16)).toBe(512);
      expect(png.readUInt32BE(20)).toBe(512);
      expect(png[25]).toBe(6);
    }
  });
});
