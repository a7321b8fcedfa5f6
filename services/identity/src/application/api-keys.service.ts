import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  type ApiKeyIdentity,
  type ApiKeyListing,
  type IssueApiKeyCommand,
  type IssuedApiKey,
  type RevokeApiKeyCommand,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { newApiKey, parseApiKeyLabel, parseApiKeyToken } from '../domain/api-key';
import { sha256 } from '../domain/credentials';
import { ApiKeysRepository } from '../infrastructure/api-keys.repository';

function requireOwner(role: string): void {
  if (role !== 'owner') throw new DomainError('owner_required', 'only an owner manages API keys');
}

@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    private readonly keys: ApiKeysRepository,
  ) {}

  async issue(command: IssueApiKeyCommand): Promise<IssuedApiKey> {
    requireOwner(command.role);
    const label = parseApiKeyLabel(command.label);
    const key = newApiKey(this.context.environment);
    const api_key_id = randomUUID();
    const inserted = await this.keys.insert({
      api_key_id,
      key_id: key.key_id,
      account_id: command.actor.account_id,
      label,
      secret_hash: sha256(key.secret),
      created_by: command.actor.member_id,
    });
    if (!inserted) throw new DomainError('account_blocked', 'the account is not active');
    return {
      api_key_id,
      key_id: key.key_id,
      token: key.token,
      note: 'Store this token now: it is shown only once. It never expires; revoke it with DELETE /v1/api-keys/{id}.',
    };
  }

  list(account_id: string, limit: number, offset: number): Promise<ApiKeyListing[]> {
    return this.keys.list(account_id, limit, offset);
  }

  async revoke(command: RevokeApiKeyCommand): Promise<{ api_key_id: string; status: 'revoked' }> {
    requireOwner(command.role);
    if (!(await this.keys.revoke(command.actor.account_id, command.api_key_id)))
      throw new DomainError('not_found', 'the API key was not found');
    return { api_key_id: command.api_key_id, status: 'revoked' };
  }

  /** Any token that is not a live key of this environment is the same `unauthorized`. */
  async authenticate(token: string): Promise<ApiKeyIdentity> {
    const refused = new DomainError('unauthorized', 'a valid credential is required');
    const parsed = parseApiKeyToken(this.context.environment, token);
    if (!parsed) throw refused;
    const key = await this.keys.findUsable(parsed.key_id);
    if (!key || !timingSafeEqual(sha256(parsed.secret), key.secret_hash)) throw refused;
    await this.keys.touch(key, new Date());
    return {
      api_key_id: key.api_key_id,
      account_id: key.account_id,
      org_id: key.org_id,
      account_status: key.account_status,
      kyc_status: key.kyc_status,
    };
  }
}
