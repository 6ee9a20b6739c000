import { Roles } from '@punkto/contracts/permissions';
import type { Program } from '@punkto/contracts/programs';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipartFile,
  startTenantTestApp,
  TEST_PUBLIC_URL,
  type TenantTestApp,
} from '../testing/tenant-test-app';
import { A4, QR_SIZE_PT } from './poster.pdf';

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const stamps = { kind: 'stamps', name: 'Co 10. kawa gratis', stampsRequired: 10 };

/** What the produced PDF contains, read back with pdf-lib's object model. */
async function inspect(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes);
  const objects = pdf.context.enumerateIndirectObjects().map(([, object]) => object);
  const dictOf = (o: PDFObject) => (o instanceof PDFRawStream ? o.dict : o instanceof PDFDict ? o : null);
  const images = objects.filter(
    (o): o is PDFRawStream =>
      o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
  );
  const fonts = objects
    .map(dictOf)
    .filter((d) => d?.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
    .map((d) => ({
      name: d!.get(PDFName.of('FontName'))!.toString(),
      embedded: d!.has(PDFName.of('FontFile2')),
    }));
  const page = pdf.getPage(0);
  const annots = page.node.lookup(PDFName.of('Annots'), PDFArray);
  const links = annots
    .asArray()
    .map((ref) => pdf.context.lookup(ref, PDFDict))
    .map((annot) => annot.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'), PDFString).decodeText());
  const content = (
    page.node.Contents() instanceof PDFArray
      ? (page.node.Contents() as PDFArray).asArray()
      : [page.node.get(PDFName.of('Contents'))!]
  )
    .map((ref) => pdf.context.lookup(ref) as PDFRawStream)
    .map((s) =>
      (s.dict.get(PDFName.of('Filter')) ? inflateSync(s.contents) : Buffer.from(s.contents)).toString(
        'latin1',
      ),
    )
    .join('\n');
  // drawImage scales the unit square: `<w> 0 0 <h> 0 0 cm` (then a no-op skew) and `/<name> Do`
  const drawnImages = [
    ...content.matchAll(/([\d.]+) 0 0 ([\d.]+) 0 0 cm\n(?:1 0 0 1 0 0 cm\n)?\/(\S+) Do/g),
  ].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
  return { pdf, page, images, fonts, links, drawnImages };
}

describe('GET …/loyalty-programs/{programId}/poster', () => {
  it('is an A4 PDF with the embedded DejaVu fonts, an ≥8 cm QR code of the enrolment link and the link itself', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const program = (
      await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, stamps)
    ).json() as Program;
    // any member of the tenant may print it
    const cashier = await t.tokenFor({ id: randomUUID(), role: Roles.employee, tid: tenantId, perms: [] });
    const res = await t.call(
      cashier,
      'GET',
      `/api/v1/tenants/${tenantId}/loyalty-programs/${program.id}/poster`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="plakat-co-10-kawa-gratis.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { pdf, page, images, fonts, links, drawnImages } = await inspect(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(page.getSize()).toEqual({ width: A4.width, height: A4.height });
    expect(pdf.getTitle()).toBe('Plakat: Program lojalnościowy „Co 10. kawa gratis”');
    expect(pdf.getAuthor()).toBe('Kawiarnia Pod Lipą');

    // Polish letters need a real font: DejaVu Sans (regular + bold), embedded as subsets
    // (pdf-lib names subsets `<font>-<number>`)
    expect(fonts.map((f) => f.name.replace(/^\/(?:[A-Z]{6}\+)?(.*?)(?:-\d+)?$/, '$1')).sort()).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
    ]);
    expect(fonts.every((f) => f.embedded)).toBe(true);

    // the QR code: one image, printed at least 8 cm wide, square
    expect(images).toHaveLength(1);
    expect(QR_SIZE_PT).toBeGreaterThanOrEqual((8 * 72) / 2.54);
    expect(drawnImages).toEqual([
      { width: expect.closeTo(QR_SIZE_PT, 2), height: expect.closeTo(QR_SIZE_PT, 2) },
    ]);

    // the enrolment URL (printed and clickable)
    expect(links).toEqual([program.enrolmentUrl]);
    // the short link: typeable, and the QR code stays small and easy to scan
    expect(program.enrolmentUrl).toBe(`${TEST_PUBLIC_URL}/k/${program.shortCode}`);
  });

  it('shows the logo when the tenant has one (a new logo makes a new poster, not the remembered one)', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const program = (
      await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
        kind: 'points',
        name: 'Punkty za zakupy',
        pointsPerPln: 1,
      })
    ).json() as Program;
    const poster = () =>
      t.call(token, 'GET', `/api/v1/tenants/${tenantId}/loyalty-programs/${program.id}/poster`);
    const before = await poster();
    expect(before.statusCode, before.body).toBe(200);
    expect((await inspect(before.rawPayload)).images).toHaveLength(1);

    const logo = await sharp({ create: { width: 480, height: 150, channels: 4, background: '#ff8800' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile('Logo', 'logo.png', 'image/png', logo);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenants/${tenantId}/upload-logo`,
      payload,
      headers,
      cookies: { [ACCESS_COOKIE]: token },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const res = await poster();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="plakat-punkty-za-zakupy.pdf"');
    const { images, drawnImages } = await inspect(res.rawPayload);
    expect(images).toHaveLength(2);
    expect(drawnImages).toHaveLength(2);
  });

  it('is for members of the tenant only; unknown program → 404', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const program = (
      await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, stamps)
    ).json() as Program;
    const url = `/api/v1/tenants/${tenantId}/loyalty-programs/${program.id}/poster`;
    expect((await t.call(null, 'GET', url)).statusCode).toBe(401);
    const stranger = await t.tokenFor({ id: randomUUID(), role: Roles.owner, tid: randomUUID() });
    const denied = await t.call(stranger, 'GET', url);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const unknown = await t.call(
      token,
      'GET',
      `/api/v1/tenants/${tenantId}/loyalty-programs/${randomUUID()}/poster`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROGRAM.NOT_FOUND' });
  });
});
