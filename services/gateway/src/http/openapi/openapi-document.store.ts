import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Holds how to build the document once the app's modules are known (see createGatewayApp), and
 * builds it on the first read: most processes never serve it, and building it costs a boot a few
 * hundred milliseconds of CPU per environment.
 */
@Injectable()
export class OpenApiDocumentStore {
  private build: (() => OpenAPIObject) | undefined;
  private document: OpenAPIObject | undefined;

  setBuilder(build: () => OpenAPIObject): void {
    this.build = build;
    this.document = undefined;
  }

  get(): OpenAPIObject {
    if (!this.build) throw new Error('the OpenAPI document has no builder yet');
    this.document ??= this.build();
    return this.document;
  }
}
