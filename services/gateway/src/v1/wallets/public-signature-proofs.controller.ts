import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SIGNATURE_PROOF_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply } from '../../http';
import { Public } from '../../auth/public.decorator';
import { ApiErrors } from '../aml/api-errors.decorator';

/** The public verification of signature proofs (decisions D9): the code is the capability. */
@ApiTags('signature-proofs (public)')
@Public()
@Controller('v1/public/signature-proofs')
export class PublicSignatureProofsController {
  constructor(private readonly bus: BusClient) {}

  @Get(':code')
  @ApiOperation({
    summary: 'Verify a signature proof',
    description:
      'No credentials. Shows the statement, address, signature and status of the proof, and ' +
      '`verified`: whether the signature, checked again now, is that address’s signature of the ' +
      'statement (EIP-191 on eth, TIP-191 on tron). A revoked proof keeps `verified` and shows ' +
      '`status: revoked`. An unknown code: 404 `not_found`.',
  })
  @ApiReply(SIGNATURE_PROOF_COMMANDS.verify)
  @ApiErrors('not_found')
  verify(@Param('code') proof_code: string) {
    return this.bus.send(SIGNATURE_PROOF_COMMANDS.verify, { proof_code: proof_code.slice(0, 200) });
  }
}
