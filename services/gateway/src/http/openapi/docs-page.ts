import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const DOCS_PATH = '/docs';
export const OPENAPI_JSON_PATH = '/openapi.json';

/** The swagger-ui files the page loads, with their media types; nothing else is served. */
export const DOCS_ASSET_TYPES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

export function docsPageHtml(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <noscript>This page needs JavaScript. The description itself is at <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a>.</noscript>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: '${OPENAPI_JSON_PATH}', dom_id: '#swagger-ui', deepLinking: true });
  </script>
</body>
</html>
`;
}

// swagger-ui-dist is a dependency of @nestjs/swagger, so it is resolved from there.
function swaggerUiAssetsDirectory(): string {
  const require_from_swagger = createRequire(require.resolve('@nestjs/swagger'));
  const absolutePath = require_from_swagger('swagger-ui-dist/absolute-path.js') as () => string;
  return absolutePath();
}

const asset_cache = new Map<string, Promise<Buffer>>();

/** The bytes of a whitelisted asset, read once; undefined for any other name. */
export function readDocsAsset(name: string): Promise<Buffer> | undefined {
  if (!Object.prototype.hasOwnProperty.call(DOCS_ASSET_TYPES, name)) return undefined;
  let cached = asset_cache.get(name);
  if (!cached) {
    cached = readFile(join(swaggerUiAssetsDirectory(), name));
    cached.catch(() => asset_cache.delete(name));
    asset_cache.set(name, cached);
  }
  return cached;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
