import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { AdminModule } from '../admin/admin.module';
import { PublicApiModule } from '../v1/public-api.module';
import { MANAGES_CREDENTIALS } from './access.decorators';
import { IS_PUBLIC_ROUTE } from './public.decorator';

interface Route {
  /** `METHOD /path`, with Nest's `:param` segments. */
  name: string;
  is_public: boolean;
  manages_credentials: boolean;
}

function controllersOf(module: Type, seen = new Set<Type>()): Type[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const imports = (Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []) as Type[];
  const own = (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? []) as Type[];
  return [...own, ...imports.flatMap((imported) => controllersOf(imported, seen))];
}

function joinPath(...parts: string[]): string {
  return `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}

function routesOf(controller: Type): Route[] {
  const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype).flatMap((key) => {
    const handler = prototype[key];
    if (typeof handler !== 'function' || key === 'constructor') return [];
    const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
    if (path === undefined) return [];
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
    const flag = (metadata_key: string): boolean =>
      Reflect.getMetadata(metadata_key, handler) === true ||
      Reflect.getMetadata(metadata_key, controller) === true;
    return [
      {
        name: `${method} ${joinPath(prefix, path)}`,
        is_public: flag(IS_PUBLIC_ROUTE),
        manages_credentials: flag(MANAGES_CREDENTIALS),
      },
    ];
  });
}

const ROUTES = [PublicApiModule, AdminModule]
  .flatMap((module) => controllersOf(module))
  .flatMap(routesOf)
  .filter((route) => route.name.split(' ')[1]?.startsWith('/v1/'));

/**
 * Decisions D12: API keys operate money and data, never credentials. These are the routes that
 * issue, list, change or end credentials; an API key gets 403 `session_required` on each.
 */
const CREDENTIAL_ROUTES = [
  'POST /v1/api-keys',
  'GET /v1/api-keys',
  'DELETE /v1/api-keys/:id',
  'POST /v1/members',
  'PATCH /v1/members/:id',
  'DELETE /v1/me/sessions/:id',
  'POST /v1/me/sessions/revoke-all',
  'POST /v1/me/password',
  'POST /v1/me/email/change',
  'POST /v1/me/email/verify',
  'POST /v1/me/totp/enroll',
  'POST /v1/me/totp/confirm',
  'POST /v1/me/phone/verification',
  'POST /v1/me/phone/verification/confirm',
  'POST /v1/otp/challenges',
  'POST /v1/otp/challenges/:id/verify',
  'PUT /v1/otp/preferences',
  'POST /v1/me/passkeys/register/begin',
  'POST /v1/me/passkeys/register/finish',
  'GET /v1/me/passkeys',
  'DELETE /v1/me/passkeys/:passkeyID',
  'GET /v1/me/identities',
  'POST /v1/me/identities/:provider',
  'DELETE /v1/me/identities/:provider',
  'POST /v1/auth/environment-handoff',
];

/** Routes whose path names a credential but which read account data, open to API keys. */
const CREDENTIAL_WORDED_DATA_ROUTES: Record<string, string> = {
  'GET /v1/members': 'who works on the account: data an integration may keep in step',
  'GET /v1/otp/preferences': 'the channels and the organization policy, changed only by PUT',
  'GET /v1/me/security/events': 'the audit trail of the account, for monitoring',
  'POST /v1/payins/collect/otp': "a payer's bank code for a collection: money, not our sign-in",
};

/** Words that make a path look like credential management; such a route must be classified. */
const CREDENTIAL_WORDS =
  /api-key|member|session|password|email|totp|otp|passkey|identit|phone|handoff|2fa|mfa|credential|sign-in|secret/;

describe('credential routes (decisions D12)', () => {
  it('finds the public API routes', () => {
    expect(ROUTES.length).toBeGreaterThan(50);
    expect(ROUTES.map((route) => route.name)).toContain('POST /v1/api-keys');
  });

  it('declares exactly the credential routes @ManagesCredentials()', () => {
    const declared = ROUTES.filter((route) => route.manages_credentials).map((r) => r.name);
    expect(declared.sort()).toEqual([...CREDENTIAL_ROUTES].sort());
  });

  it('leaves no route that names a credential undecided', () => {
    const undecided = ROUTES.filter(
      (route) =>
        !route.is_public &&
        !route.manages_credentials &&
        CREDENTIAL_WORDS.test(route.name) &&
        !(route.name in CREDENTIAL_WORDED_DATA_ROUTES),
    ).map((route) => route.name);
    expect(undecided).toEqual([]);
  });

  it('never declares a public route, which has no credential to refuse', () => {
    expect(ROUTES.filter((route) => route.is_public && route.manages_credentials)).toEqual([]);
  });
});
