import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@dte/config';
import { BrowserPool, removeOrphanProfiles } from '../src/pdf';

/** A process that has exited: its pid names no live process (until the kernel reuses it, long after). */
async function pidMuerto(): Promise<number> {
  const hijo = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => hijo.once('exit', resolve));
  return hijo.pid!;
}

describe("Chromium profiles of killed workers, removed at a worker's start", () => {
  it('removes the profiles of dead pids and of this pid (a predecessor in a restarted container), and no other folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dte-perfiles-'));
    const vivo = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300_000)']);
    try {
      const muerto = await pidMuerto();
      const nombres = {
        muerto: `dte-chromium-${muerto}-a1B2c3`,
        propio: `dte-chromium-${process.pid}-d4E5f6`,
        otroWorker: `dte-chromium-${vivo.pid}-g7H8i9`,
        anterior: 'dte-chromium-Xy12Zw',
        ajeno: 'otra-cosa',
      };
      for (const nombre of Object.values(nombres)) {
        fs.mkdirSync(path.join(dir, nombre, 'Default'), { recursive: true });
        fs.writeFileSync(path.join(dir, nombre, 'Default', 'Preferences'), '{}');
      }
      const quitados = await removeOrphanProfiles(dir);
      expect(quitados.sort()).toEqual([nombres.muerto, nombres.propio].map((n) => path.join(dir, n)).sort());
      expect(fs.readdirSync(dir).sort()).toEqual([nombres.otroWorker, nombres.anterior, nombres.ajeno].sort());
    } finally {
      vivo.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names its profile after this process's pid, and removes it when closed", async () => {
    const propios = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`dte-chromium-${process.pid}-`));
    const pool = new BrowserPool({ executablePath: loadConfig({}).CHROMIUM_PATH, size: 1 });
    try {
      expect(await pool.use((page) => page.evaluate(() => 1 + 1))).toBe(2);
      expect(propios()).toHaveLength(1);
    } finally {
      await pool.close();
    }
    expect(propios()).toEqual([]);
  });
});
