import { Body, Controller, Get, Headers, Inject, Put, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AVATAR_COMMANDS,
  AVATAR_CONTENT_TYPES,
  DomainError,
  avatarResource,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import { ApiCredentials, ApiFileReply, ApiReply, RawBody, withStaged } from '../../http';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

/** The account's avatar: the image is the request body, served back as it was checked. */
@ApiTags('account')
@ApiCredentials()
@Controller('v1/me/avatar')
export class AvatarController {
  constructor(
    private readonly bus: BusClient,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  @Put()
  @ApiConsumes(...AVATAR_CONTENT_TYPES)
  @ApiBody({
    required: true,
    description: 'the image itself, with its type as `Content-Type`',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiReply(avatarResource)
  @ApiOperation({
    summary: "Set the account's avatar",
    description:
      'Send the image as the raw body with its `Content-Type`: PNG, JPEG or WebP, at most 512 KB ' +
      '(524,288 bytes). The bytes are checked, not the header alone: another format, a type that ' +
      'is not what the bytes are, an empty or a larger body answer 400 `invalid_image` and keep ' +
      'the avatar there was. Answers `{content_type, size_bytes, sha256, updated_at, url}`; a new ' +
      'upload replaces the avatar.',
  })
  @ApiErrors('invalid_image', 'unauthorized')
  async set(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Headers('content-type') content_type: string | undefined,
  ) {
    if (!(body instanceof RawBody))
      throw new DomainError('invalid_image', 'send a PNG, JPEG or WebP image as the body');
    return withStaged(this.transfers, [body.bytes], ([upload_key]) =>
      this.bus.send(AVATAR_COMMANDS.set_avatar, {
        account_id: principal.account_id,
        declared_type: (content_type ?? '').slice(0, 200),
        upload_key: upload_key!,
        size_bytes: body.bytes.length,
      }),
    );
  }

  @Get()
  @ApiFileReply(AVATAR_CONTENT_TYPES, 'the image, under the type its bytes were read as')
  @ApiOperation({
    summary: "The account's avatar",
    description:
      'The image as uploaded, with `Content-Type` as its bytes were read and an `ETag` of its ' +
      'SHA-256. An account without one: 404 `not_found`.',
  })
  @ApiErrors('unauthorized', 'not_found')
  async get(@CurrentPrincipal() principal: Principal, @Res() reply: FastifyReply) {
    const avatar = await this.bus.send(AVATAR_COMMANDS.get_avatar, {
      account_id: principal.account_id,
    });
    const bytes = await this.transfers.take(avatar.transfer_key);
    await this.transfers.delete(avatar.transfer_key);
    return reply
      .header('Content-Type', avatar.content_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', `"${avatar.sha256}"`)
      .send(bytes);
  }
}
