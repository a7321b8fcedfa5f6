import { Controller, Get, Headers, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CONTRACT_COMMANDS,
  contractTemplateResource,
  createContractEnvelopeBody,
  createContractTemplateBody,
  type CreateContractEnvelopeBody,
  type CreateContractTemplateBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  ApiZodBody,
  idempotencyKeyOf,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedBody,
  type PaginationQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentOrgAdmin, type OrgAdminPrincipal } from '../../auth/principal';
import { ApiErrors } from '../aml/api-errors.decorator';

const IDEMPOTENCY_NOTE =
  '`idempotency_key` (body, or the `Idempotency-Key` header): the same key answers the same ' +
  'resource; with another body, 409 `idempotency_conflict`.';

/** Organization admins keep contract templates and send envelopes to their accounts (D11). */
@ApiTags('contracts (organization)')
@ApiCredentials()
@RequireCredentialLevel('org_admin')
@Controller('v1/org/contracts')
export class OrgContractsController {
  constructor(private readonly bus: BusClient) {}

  @Post('templates')
  @ApiZodBody(createContractTemplateBody)
  @ApiReply(CONTRACT_COMMANDS.create_template, 201)
  @ApiOperation({
    summary: 'Create a contract template, or its next version',
    description:
      'Organization admins only (403 `org_admin_required`). `{name, title, body, fields: ' +
      '[{name, label, required}]}`: `body` places fields as `{{field}}`. Saving a `name` again ' +
      'creates its next `version`; the earlier versions become `superseded`, and their unsigned ' +
      'envelopes answer 422 `contract_template_superseded` on signing. 400 `invalid_request` for ' +
      'a placeholder naming no declared field or a field declared twice. ' +
      IDEMPOTENCY_NOTE,
  })
  @ApiErrors(
    'invalid_request',
    'invalid_json',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'org_admin_required',
    'idempotency_conflict',
  )
  createTemplate(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @ValidatedBody(createContractTemplateBody) body: CreateContractTemplateBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key, ...template } = body;
    return this.bus.send(CONTRACT_COMMANDS.create_template, {
      ...template,
      org_id: admin.org_id,
      admin_id: admin.admin_id,
      idempotency_key: idempotencyKeyOf(idempotency_key, header_key) ?? null,
    });
  }

  @Get('templates')
  @ApiPagination()
  @ApiReply(listingPage('templates', contractTemplateResource))
  @ApiOperation({
    summary: "The organization's contract templates",
    description:
      'Every version of every template, newest first; `status` says whether a version is the ' +
      'current one (`active`) or `superseded`.',
  })
  @ApiErrors('invalid_request', 'unauthorized', 'org_admin_required')
  async listTemplates(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @Query() query: PaginationQuery,
  ) {
    const pagination = parsePagination(query);
    const reply = await this.bus.send(CONTRACT_COMMANDS.list_templates, {
      org_id: admin.org_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('templates', pagination, reply.templates);
  }

  @Post('envelopes')
  @ApiZodBody(createContractEnvelopeBody)
  @ApiReply(CONTRACT_COMMANDS.create_envelope, 201)
  @ApiOperation({
    summary: 'Send a contract to an account',
    description:
      '`{account_id, template, fields}`: `template` is a template name (its current version) or ' +
      "a version's `template_id`; `fields` gives every required field a value and names no " +
      'other (422 `contract_unfillable`). The envelope is `pending` until the account signs it. ' +
      'An unknown template, or an account of another organization: 404 `not_found`. A ' +
      'superseded version: 422 `contract_template_superseded`. ' +
      IDEMPOTENCY_NOTE,
  })
  @ApiErrors(
    'invalid_request',
    'invalid_json',
    'invalid_idempotency_key',
    'reserved_idempotency_key',
    'unauthorized',
    'org_admin_required',
    'not_found',
    'idempotency_conflict',
    'contract_unfillable',
    'contract_template_superseded',
  )
  createEnvelope(
    @CurrentOrgAdmin() admin: OrgAdminPrincipal,
    @ValidatedBody(createContractEnvelopeBody) body: CreateContractEnvelopeBody,
    @Headers('idempotency-key') header_key: string | undefined,
  ) {
    const { idempotency_key, ...envelope } = body;
    return this.bus.send(CONTRACT_COMMANDS.create_envelope, {
      ...envelope,
      org_id: admin.org_id,
      admin_id: admin.admin_id,
      idempotency_key: idempotencyKeyOf(idempotency_key, header_key) ?? null,
    });
  }
}
