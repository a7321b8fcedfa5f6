import { Controller } from '@nestjs/common';
import {
  SIGNATURE_PROOF_COMMANDS,
  type CreateSignatureProofCommand,
  type ListSignatureProofsCommand,
  type SignatureProofRefCommand,
  type VerifySignatureProofCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { SignatureProofs } from '../application/proofs';

/** Signature proofs' commands (decisions D9). */
@Controller()
export class SignatureProofsMessages {
  constructor(private readonly proofs: SignatureProofs) {}

  @Handles(SIGNATURE_PROOF_COMMANDS.create)
  create(command: CreateSignatureProofCommand) {
    return this.proofs.create(command);
  }

  @Handles(SIGNATURE_PROOF_COMMANDS.list)
  list(command: ListSignatureProofsCommand) {
    return this.proofs.list(command);
  }

  @Handles(SIGNATURE_PROOF_COMMANDS.get)
  get(command: SignatureProofRefCommand) {
    return this.proofs.get(command);
  }

  @Handles(SIGNATURE_PROOF_COMMANDS.revoke)
  revoke(command: SignatureProofRefCommand) {
    return this.proofs.revoke(command);
  }

  @Handles(SIGNATURE_PROOF_COMMANDS.verify)
  verify(command: VerifySignatureProofCommand) {
    return this.proofs.verify(command.proof_code);
  }
}
