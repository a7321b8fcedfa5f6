// The gateway's HTTP toolkit, for the controllers of the public surface.
export { createGatewayApp } from './create-gateway-app';
export * from './gateway-options';
export { GatewayExceptionFilter } from './errors/gateway-exception.filter';
export {
  ERROR_BODY_JSON_SCHEMA,
  INTERNAL_ERROR_BODY,
  httpStatusOf,
  type ErrorBody,
} from './errors/error-body';
export { exceptionToError, type MappedError } from './errors/exception-to-error';
export { replyValueOrThrow } from './errors/reply-value';
export * from './validation/zod-validation.pipe';
export * from './validation/api-zod-body.decorator';
export * from './validation/api-reply.decorator';
export * from './rate-limit/rate-limit-store';
export {
  InMemoryRateLimitStore,
  type InMemoryRateLimitStoreOptions,
} from './rate-limit/in-memory-rate-limit-store';
export { rateLimitKey } from './rate-limit/rate-limit-key';
export {
  ReadinessRegistry,
  type ReadinessCheck,
  type ReadinessReport,
} from './health/readiness-registry';
export {
  ApiCredentials,
  API_KEY_SECURITY_SCHEME,
  BEARER_SECURITY_SCHEME,
} from './openapi/api-credentials.decorator';
export {
  ApiDateFilters,
  ApiDocumentLocale,
  ApiExportFormat,
  ApiPagination,
  ApiZodQuery,
} from './openapi/api-query.decorators';
export { convertOpenApi30To31 } from './openapi/openapi-3-1';
export { ApiIdempotentReplay } from './openapi/convention-headers';
export * from './locale/resolve-locale';
export * from './locale/document-locale';
export * from './pagination';
export { idempotencyKeyOf } from './idempotency';
export * from './export/send-export';
export { pdfBody, requireDocumentLanguage, sendPdf } from './export/send-pdf';
export { attachmentDisposition, attachmentName, sendAttachment } from './export/send-attachment';
export { REQUEST_ID_HEADER, requestIdOf } from './request-id';
export { SERVICE_ENVIRONMENT_HEADER } from './standard-headers.hook';
export {
  fileOfMultipart,
  filesOfMultipart,
  MultipartBody,
  textOfMultipart,
  type UploadedFile,
} from './multipart/multipart-upload';
export { withStaged, withStagedText, withStagedUploads } from './multipart/staged-uploads';
export { RawBody, useRawUploads } from './raw-uploads';
