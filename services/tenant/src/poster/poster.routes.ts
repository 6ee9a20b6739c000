import { LRUCache } from 'lru-cache';
import * as api from '@punkto/contracts/endpoints/tenant';
import { createHash } from 'node:crypto';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { BrandingService } from '../branding/branding.service';
import type { ProgramService } from '../programs/program.service';
import type { TenantService } from '../tenants/tenant.service';
import { posterFileName, posterText } from './poster-content';
import { buildPosterPdf } from './poster.pdf';

export interface PosterDeps {
  tenants: TenantService;
  programs: ProgramService;
  branding: BrandingService;
  clock: () => Date;
}

const CACHE_SIZE = 100;

/**
 * GET …/loyalty-programs/{programId}/poster: the A4 PDF for any member of the tenant. Building it (font
 * subsetting, PNG encoding) costs a few hundred ms, so the last posters are kept in memory by their
 * content (texts, colours, logo file): any change of these makes a new one.
 */
export function posterRoutes(app: FastifyInstance, deps: PosterDeps) {
  const cache = new LRUCache<string, Uint8Array>({ max: CACHE_SIZE });
  registerEndpoint(app, api.getProgramPoster, async ({ params, request }) => {
    const tenant = await deps.tenants.activeTenant(params.id);
    // the short link (a program created before short links gets its code here, if not yet)
    const program = await deps.programs.getProgram(params.id, params.programId, request.user!.id);
    const logoRendition = 'logo@3x';
    const design = {
      text: posterText({
        companyName: tenant.companyName,
        programName: program.name,
        kind: program.kind,
        enrolmentUrl: program.enrolmentUrl,
      }),
      backgroundColor: tenant.branding.backgroundColor,
      foregroundColor: tenant.branding.foregroundColor,
    };
    // the same design is the same poster: built once, then served from memory. The logo's URL names its
    // file by content hash, so it stands for the bytes, which are read only to build a new poster.
    const logoUrl = tenant.logo?.renditions[logoRendition] ?? null;
    const key = createHash('sha256')
      .update(JSON.stringify({ ...design, logoUrl }))
      .digest('hex');
    let pdf = cache.get(key);
    if (!pdf) {
      const logoPng = tenant.logo
        ? await deps.branding.renditionBytes(tenant.tenantId, tenant.logo, logoRendition)
        : null;
      pdf = await buildPosterPdf({ ...design, logoPng, createdAt: deps.clock() });
      cache.set(key, pdf);
    }
    return {
      contentType: 'application/pdf',
      body: pdf,
      headers: {
        'content-disposition': `attachment; filename="${posterFileName(program.name)}"`,
        'cache-control': 'private, no-store',
      },
    };
  });
}
