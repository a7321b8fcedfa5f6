import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Holds the document built once the app's modules are known (see createGatewayApp). */
@Injectable()
export class OpenApiDocumentStore {
  private document: OpenAPIObject | undefined;

  set(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    if (!this.document) throw new Error('the OpenAPI document was not built');
    return this.document;
  }
}
