import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AVATAR_MAX_BYTES,
  DomainError,
  type AvatarContent,
  type AvatarResource,
  type GetAvatarCommand,
  type SetAvatarCommand,
} from '@platform/contracts';
import type { ObjectStorage, TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import { checkAvatar } from '../domain/avatar';
import { AvatarsRepository, type AvatarRecord } from '../infrastructure/avatars.repository';

export const AVATAR_STORAGE = Symbol('AVATAR_STORAGE');

const resource = (avatar: AvatarRecord): AvatarResource => ({
  content_type: avatar.content_type,
  size_bytes: avatar.size_bytes,
  sha256: avatar.sha256,
  updated_at: avatar.updated_at.toISOString(),
  url: '/v1/me/avatar',
});

/**
 * Account avatars: the image is checked by its bytes, kept in the object store under a key of its
 * content (a replaced image never serves stale bytes under an old key), and served back through
 * the transfer area, since bytes never ride on the bus.
 */
@Injectable()
export class AvatarsService {
  constructor(
    private readonly avatars: AvatarsRepository,
    @Inject(AVATAR_STORAGE) private readonly storage: ObjectStorage,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  async set(command: SetAvatarCommand): Promise<AvatarResource> {
    // A declared size over the limit is refused unread.
    if (command.size_bytes > AVATAR_MAX_BYTES)
      throw new DomainError('invalid_image', 'an avatar may be at most 512 KB');
    const bytes = await this.transfers.take(command.upload_key);
    const content_type = checkAvatar(command.declared_type, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const object_key = `avatars/${this.transfers.environment}/${command.account_id}/${sha256}`;
    await this.storage.put(object_key, bytes, { content_type });
    return resource(
      await this.avatars.save({
        account_id: command.account_id,
        content_type,
        size_bytes: bytes.length,
        sha256,
        object_key,
      }),
    );
  }

  async get(query: GetAvatarCommand): Promise<AvatarContent> {
    const avatar = await this.avatars.find(query.account_id);
    const stored = avatar ? await this.storage.get(avatar.object_key) : null;
    if (!avatar || !stored) throw new DomainError('not_found', 'the account has no avatar');
    const transfer_key = await this.transfers.put(stored.body, avatar.content_type);
    return { ...resource(avatar), transfer_key };
  }
}
