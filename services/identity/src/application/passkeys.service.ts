import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  DomainError,
  type BeginPasskeyLoginCommand,
  type BeginPasskeyRegistrationCommand,
  type DeletePasskeyCommand,
  type FinishPasskeyLoginCommand,
  type FinishPasskeyRegistrationCommand,
  type ListPasskeysCommand,
  type MemberSession,
  type PasskeyListing,
} from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import {
  challengeOfClientData,
  PASSKEY_CHALLENGE_TTL_MS,
  relyingPartyOf,
  type RelyingParty,
} from '../domain/passkey-relying-party';
import { assertNotLastLoginMethod } from '../domain/social-login';
import { AccountsRepository } from '../infrastructure/accounts.repository';
import { OrganizationsRepository } from '../infrastructure/organizations.repository';
import { SocialIdentitiesRepository } from '../infrastructure/social-identities.repository';
import { PasskeysRepository, type ChallengePurpose } from '../infrastructure/passkeys.repository';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity.settings';
import { SessionsService } from './sessions.service';

/** Loaded by the first passkey ceremony, not at boot: few sign-ins use one, and it is heavy. */
const webauthn = () => import('@simplewebauthn/server');

function rejected(): DomainError {
  return new DomainError('passkey_rejected', 'the passkey could not be verified');
}

/** The WebAuthn user handle of a member: the bytes of its id. */
function userHandleOf(member_id: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(member_id, 'utf8'));
}

/**
 * Passkeys (WebAuthn) of spec §4: a signed-in person registers them; anyone signs in with one.
 * Every failure to verify answers `passkey_rejected` with no further detail. User verification
 * (PIN or biometrics) is required, so a passkey is two factors on its own.
 */
@Injectable()
export class PasskeysService {
  private readonly relying_party: RelyingParty;

  constructor(
    @Inject(PLATFORM_CONTEXT) context: PlatformContext,
    @Inject(IDENTITY_SETTINGS) settings: IdentitySettings,
    private readonly passkeys: PasskeysRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly members: SocialIdentitiesRepository,
    private readonly sessions: SessionsService,
  ) {
    this.relying_party = relyingPartyOf(context.environment, settings);
  }

  async beginRegistration(
    command: BeginPasskeyRegistrationCommand,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const member = await this.members.signedInMember(command.actor, 'passkeys');
    const existing = await this.passkeys.credentialIdsOf(member.member_id);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: (await this.passkeys.organizationName(member.org_id)) ?? this.relying_party.rp_id,
      rpID: this.relying_party.rp_id,
      userName: member.email,
      userID: userHandleOf(member.member_id),
      userDisplayName: member.email,
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: row.transports,
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    await this.saveChallenge(options.challenge, 'registration', member.org_id, member.member_id);
    return options;
  }

  async finishRegistration(command: FinishPasskeyRegistrationCommand): Promise<PasskeyListing> {
    const member = await this.members.signedInMember(command.actor, 'passkeys');
    const challenge = await this.consumeChallenge(
      command.credential.response.clientDataJSON,
      'registration',
      {
        org_id: member.org_id,
        member_id: member.member_id,
      },
    );
    const { verifyRegistrationResponse } = await webauthn();
    const verification = await verifyRegistrationResponse({
      response: command.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.relying_party.origins,
      expectedRPID: this.relying_party.rp_id,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw rejected();
    const { credential } = verification.registrationInfo;
    const id = randomUUID();
    const label = command.label?.trim() || null;
    const inserted = await this.passkeys.insert({
      id,
      member_id: member.member_id,
      account_id: member.account_id,
      org_id: member.org_id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey),
      sign_count: credential.counter,
      transports: credential.transports ?? command.credential.response.transports ?? [],
      label,
    });
    if (!inserted) throw new DomainError('passkey_rejected', 'this passkey is already registered');
    return { id, label, created_at: new Date().toISOString(), last_used_at: null };
  }

  async list(command: ListPasskeysCommand): Promise<{ passkeys: PasskeyListing[] }> {
    const member = await this.members.signedInMember(command.actor, 'passkeys');
    return { passkeys: await this.passkeys.list(member.member_id, command.limit, command.offset) };
  }

  /** Another member's passkey is `not_found`; the last way to sign in is `last_login_method`. */
  async delete(command: DeletePasskeyCommand): Promise<{ id: string; deleted: true }> {
    const member = await this.members.signedInMember(command.actor, 'passkeys');
    const deleted = await this.passkeys.deleteIf(
      member.member_id,
      command.passkey_id,
      assertNotLastLoginMethod,
    );
    if (!deleted) throw new DomainError('not_found', 'the passkey was not found');
    return { id: command.passkey_id, deleted: true };
  }

  /**
   * Options for a sign-in. With an email, the member's passkeys are listed for the browser;
   * without one (or with an unknown one) the browser offers the discoverable passkeys it holds.
   */
  async beginLogin(
    command: BeginPasskeyLoginCommand,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const organization = await this.organizations.findBySlug(command.org);
    if (!organization) throw new DomainError('unknown_org', 'no organization has that slug');
    const member = command.email
      ? await this.accounts.findMember(organization.org_id, command.email.trim().toLowerCase())
      : null;
    const allowed = member ? await this.passkeys.credentialIdsOf(member.member_id) : [];
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: this.relying_party.rp_id,
      allowCredentials: allowed.map((row) => ({
        id: row.credential_id,
        transports: row.transports,
      })),
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
    await this.saveChallenge(options.challenge, 'login', organization.org_id, null);
    return options;
  }

  async finishLogin(command: FinishPasskeyLoginCommand): Promise<MemberSession> {
    const organization = await this.organizations.findBySlug(command.org);
    if (!organization) throw new DomainError('unknown_org', 'no organization has that slug');
    const challenge = await this.consumeChallenge(
      command.credential.response.clientDataJSON,
      'login',
      {
        org_id: organization.org_id,
        member_id: null,
      },
    );
    const found = await this.passkeys.findForLogin(organization.org_id, command.credential.id);
    if (!found || found.owner.status !== 'active') throw rejected();
    const handle = command.credential.response.userHandle;
    if (handle && handle !== Buffer.from(userHandleOf(found.owner.member_id)).toString('base64url'))
      throw rejected();
    const { verifyAuthenticationResponse } = await webauthn();
    const verification = await verifyAuthenticationResponse({
      response: command.credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.relying_party.origins,
      expectedRPID: this.relying_party.rp_id,
      credential: {
        id: found.passkey.credential_id,
        publicKey: new Uint8Array(found.passkey.public_key),
        counter: found.passkey.sign_count,
        transports: found.passkey.transports,
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw rejected();
    const counted = await this.passkeys.recordUse(
      found.passkey.id,
      found.passkey.sign_count,
      verification.authenticationInfo.newCounter,
    );
    if (!counted) throw rejected();
    // A passkey asserts possession and user verification: a session with 2FA (spec §5 rule 9).
    return this.sessions.open(found.owner, new Date(), command.client ?? null, true);
  }

  private async saveChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    org_id: string,
    member_id: string | null,
  ): Promise<void> {
    await this.passkeys.saveChallenge({
      challenge,
      purpose,
      org_id,
      member_id,
      expires_at: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
    });
  }

  /** The challenge the response signed, taken out of the outstanding ones; else `passkey_rejected`. */
  private async consumeChallenge(
    client_data_json: string,
    purpose: ChallengePurpose,
    owner: { org_id: string; member_id: string | null },
  ): Promise<string> {
    const challenge = challengeOfClientData(client_data_json);
    if (
      !challenge ||
      !(await this.passkeys.consumeChallenge(challenge, purpose, owner, new Date()))
    )
      throw rejected();
    return challenge;
  }
}
