import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTRACT_COMMANDS, publicContractVerification } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiZodQuery, ValidatedQuery, zodToOpenApiSchema } from '../../http';
import { Public } from '../../auth/public.decorator';
import { ApiErrors } from '../../v1/aml/api-errors.decorator';
import { pageLocaleQuery, publicPageLocale, type PageLocaleQuery } from '../qscore/public-locale';
import { contractPage } from './contract-page';

/** Whether the client asked for the page rather than the JSON: `Accept` names `text/html`. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && /\btext\/html\b/i.test(accept);
}

/** The public verification of signed contracts (decisions D11): the code is the capability. */
@ApiTags('contracts (public verification)')
@Public()
@Controller('verify/contracts')
export class ContractVerifyController {
  constructor(private readonly bus: BusClient) {}

  @Get(':code')
  @ApiOperation({
    summary: 'Verify a signed contract (JSON, or an HTML page)',
    description:
      'No credentials. JSON `{code, status: signed, title, signed_at, sha256, signer}`: ' +
      "`sha256` is the signed PDF's hash, `signer` the signer's name masked (no email). With " +
      '`Accept: text/html`, a page in en, es or zh (`lang`, then `Accept-Language`, then ' +
      'English) showing the same and the hash. An unknown code: 404 `not_found` (JSON, as every ' +
      'error).',
  })
  @ApiZodQuery(pageLocaleQuery)
  @ApiResponse({
    status: 200,
    description: 'the signed contract',
    content: {
      'application/json': { schema: zodToOpenApiSchema(publicContractVerification, 'output') },
      'text/html': { schema: { type: 'string' } },
    },
  })
  @ApiErrors('not_found')
  async verify(
    @Param('code') code: string,
    @ValidatedQuery(pageLocaleQuery) query: PageLocaleQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    reply.header('Cache-Control', 'no-store').header('Vary', 'Accept, Accept-Language');
    if (!wantsHtml(request))
      return reply.send(
        await this.bus.send(CONTRACT_COMMANDS.verify, { code: code.slice(0, 200) }),
      );
    // An unknown code fails here, before the page's type is set: like every error of the
    // platform it is answered as `{error, message}` JSON, whatever was asked for.
    const contract = await this.bus.send(CONTRACT_COMMANDS.verify, { code: code.slice(0, 200) });
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .send(contractPage(contract, publicPageLocale(query, request)));
  }
}
