import { z } from 'zod';
import { defineCommand } from '../catalog/define';
import { transferKey } from './evidence-files';

/** The most bytes an avatar may have (512 KB). */
export const AVATAR_MAX_BYTES = 512 * 1024;
/** The image types an avatar may be, as its bytes show. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

const id = z.string().min(1).max(200);

/** `identity.set_avatar`: the bytes the gateway staged, with the type the client declared. */
export const setAvatarCommand = z
  .object({
    account_id: id,
    declared_type: z.string().max(200),
    upload_key: transferKey,
    size_bytes: z.number().int().min(0),
  })
  .strict();
export type SetAvatarCommand = z.infer<typeof setAvatarCommand>;

export const avatarResource = z.object({
  content_type: z.enum(AVATAR_CONTENT_TYPES).describe('as read from the bytes'),
  size_bytes: z.number().int(),
  sha256: z.string().describe('hex digest of the bytes'),
  updated_at: z.string().describe('ISO 8601 UTC timestamp'),
  url: z.string().describe('where the image is served: `GET /v1/me/avatar`'),
});
export type AvatarResource = z.infer<typeof avatarResource>;

export const getAvatarCommand = z.object({ account_id: id }).strict();
export type GetAvatarCommand = z.infer<typeof getAvatarCommand>;

/** The avatar's bytes, copied into the transfer area for the gateway to serve. */
export const avatarContent = avatarResource.extend({ transfer_key: transferKey });
export type AvatarContent = z.infer<typeof avatarContent>;

export const AVATAR_COMMANDS = {
  set_avatar: defineCommand({
    name: 'identity.set_avatar',
    summary: "check an uploaded image by its bytes and keep it as the account's avatar",
    request: setAvatarCommand,
    reply: avatarResource,
    invalid_code: 'invalid_image',
  }),
  get_avatar: defineCommand({
    name: 'identity.get_avatar',
    summary: "the account's avatar, staged in the transfer area",
    request: getAvatarCommand,
    reply: avatarContent,
  }),
} as const;
