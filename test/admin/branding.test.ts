import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { stack } from '../support/stack';
import { testStore, waitForObject } from '../support/storage';
import { api, auditadas, closeTestDatabase, createTestTenant } from '../support/tenant';

const exec = promisify(execFile);
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('admin CLI: emisor branding', () => {
  afterAll(() => closeTestDatabase());

  it('uploads the logo to storage (audited) and sets the colours that /dte/information and the PDF use', async () => {
    const tenant = await createTestTenant();
    const logo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dte-logo-')), 'logo.png');
    fs.writeFileSync(logo, PNG);
    const { stdout } = await exec(
      'node',
      [
        'apps/api/dist/admin/cli.js',
        'emisor',
        'branding',
        '--emisor',
        String(tenant.emisorId),
        '--logo',
        logo,
        '--color-principal',
        '#aa0011',
        '--color-fondo',
        '#FFFFFF',
      ],
      { env: { ...process.env, ...stack().env } },
    );
    const branding = JSON.parse(stdout);
    expect(branding).toMatchObject({
      colorPrincipal: '#AA0011',
      colorFondo: '#FFFFFF',
      logoKey: expect.stringMatching(/^emisores\/.+\/branding\/logo\.png$/),
    });
    expect(await testStore().get(branding.logoKey)).toEqual(PNG);
    expect((await auditadas(tenant.emisorId, 'LOGO_CAMBIADO')).map((e) => [e.endpoint, e.detalles])).toEqual([
      ['admin emisor branding', { logoKey: branding.logoKey, anterior: null }],
    ]);

    const info = await api('GET', '/dte/information', tenant);
    expect(info.body.data.emisor).toMatchObject({
      colorPrincipal: '#AA0011',
      colorFondo: '#FFFFFF',
      logoUrl: branding.logoKey,
    });

    const doc = await api('POST', '/dte/dte01', tenant, {
      receptor: {},
      items: [{ descripcion: 'Con logo', cantidad: 1, precioUnitario: 1 }],
      condicionOperacion: 1,
    });
    expect((await waitForObject(doc.body.data.dtePdfUrl)).subarray(0, 4).toString()).toBe('%PDF');

    await expect(
      exec(
        'node',
        [
          'apps/api/dist/admin/cli.js',
          'emisor',
          'branding',
          '--emisor',
          String(tenant.emisorId),
          '--color-principal',
          'red',
        ],
        {
          env: { ...process.env, ...stack().env },
        },
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('#RRGGBB') });
  });
});
