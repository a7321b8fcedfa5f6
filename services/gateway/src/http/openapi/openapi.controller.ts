import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';
import { DomainError } from '@platform/contracts';
import type { FastifyReply } from 'fastify';
import { DOCS_ASSET_TYPES, docsPageHtml, readDocsAsset } from './docs-page';
import { OpenApiDocumentStore } from './openapi-document.store';

@ApiExcludeController()
@Controller()
export class OpenApiController {
  constructor(private readonly store: OpenApiDocumentStore) {}

  @Get('openapi.json')
  document(): OpenAPIObject {
    return this.store.get();
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return docsPageHtml(this.store.get().info.title);
  }

  @Get('docs/:asset')
  async asset(
    @Param('asset') name: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const bytes = readDocsAsset(name);
    if (!bytes) throw new DomainError('not_found', 'no such documentation asset');
    const content = await bytes;
    void reply
      .header('Content-Type', DOCS_ASSET_TYPES[name])
      .header('Cache-Control', 'public, max-age=86400');
    return content;
  }
}
