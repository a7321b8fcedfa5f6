import { Controller, Param, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ACCOUNT_SETTINGS_COMMANDS, updateMemberBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodBody, ValidatedBody } from '../../http';
import { ManagesCredentials, RequireRole } from '../../auth/access.decorators';
import { actorOf, CurrentPrincipal, type Principal } from '../../auth/principal';

/** Owners change a member's role or disable it (spec §2 "Member", §5 rule 7). */
@ApiTags('members')
@ApiCredentials()
@Controller('v1/members')
export class MemberAdminController {
  constructor(private readonly bus: BusClient) {}

  @Patch(':id')
  @ManagesCredentials()
  @RequireRole('owner')
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.update_member)
  @ApiOperation({
    summary: "Change a member's role or status",
    description:
      'Owners only (others get 403 `owner_required`). Body `{role?, status?}`: `role` is ' +
      '`owner`, `operator` or `viewer` (else 400 `invalid_role`); `status` is `active` or ' +
      '`disabled` (else 400 `invalid_status`). Answers the member `{id, email, role, status}`. ' +
      "A change ends the member's sessions, so it applies at once; a disabled member's sign-in " +
      'and sessions answer 403 `member_disabled` until an owner sets `status: active` again. ' +
      'A member cannot change itself, and the account always keeps an active owner (403 ' +
      "`forbidden`). Another account's member is 404 `not_found`.",
  })
  @ApiZodBody(updateMemberBody)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') member_id: string,
    @ValidatedBody(updateMemberBody) body: z.infer<typeof updateMemberBody>,
  ) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.update_member, {
      actor: actorOf(principal),
      role: principal.role,
      member_id,
      changes: body,
    });
  }
}
