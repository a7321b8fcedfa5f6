import { DomainError, OTP_ACTIONS, type OtpAction } from '@platform/contracts';
import { OTP_CHANNELS, type OtpChannel } from './organization';

/**
 * The rules of one-time codes (spec §5 rules 5-6, decisions D7). Channel strength follows
 * OTP_CHANNELS, weakest first: sms < whatsapp < email < totp. A phone number can be taken over
 * at the carrier (SIM swap), a WhatsApp account sits on a phone number too, an email inbox is
 * protected by its own credentials, and an authenticator secret never leaves the device.
 */

/** Lifetimes and limits; each one is a default of this service. */
export const OTP_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const OTP_TOKEN_TTL_MS = 5 * 60 * 1000;
export const OTP_LOGIN_TTL_MS = 10 * 60 * 1000;
/** Wrong codes before a challenge or a pending login is burnt (`too_many_attempts`). */
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** Challenges one member may open per window before `too_many_attempts`. */
export const OTP_CHALLENGES_PER_WINDOW = 10;
export const OTP_CHALLENGE_WINDOW_MS = 15 * 60 * 1000;
/** Spec §5 rule 5: a phone linked this recently, and not proven since, is not trusted at login. */
export const PHONE_BINDING_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** The masked destination of a totp challenge (spec §4). */
export const AUTHENTICATOR_APP = 'authenticator_app';

/** Channels tried when the account stored no preference: strongest usable one first. */
export const DEFAULT_CHANNEL_ORDER: readonly OtpChannel[] = ['totp', 'sms', 'whatsapp', 'email'];

export function parseAction(value: string): OtpAction {
  if ((OTP_ACTIONS as readonly string[]).includes(value)) return value as OtpAction;
  throw new DomainError('invalid_action', `action must be one of ${OTP_ACTIONS.join(', ')}`);
}

export function parseChannel(value: string): OtpChannel {
  if ((OTP_CHANNELS as readonly string[]).includes(value)) return value as OtpChannel;
  throw new DomainError('invalid_channel', `channel must be one of ${OTP_CHANNELS.join(', ')}`);
}

export function isWeakerThan(channel: OtpChannel, floor: OtpChannel): boolean {
  return OTP_CHANNELS.indexOf(channel) < OTP_CHANNELS.indexOf(floor);
}

/** What channel resolution knows about the person asking for a code. */
export interface OtpFactors {
  floor: OtpChannel;
  /** The account's preferences, or null for DEFAULT_CHANNEL_ORDER. */
  preferences: readonly OtpChannel[] | null;
  totp_confirmed: boolean;
  phone: string | null;
}

/** Why a channel cannot carry a code for this person, or null when it can. */
function unusable(channel: OtpChannel, factors: OtpFactors): DomainError | null {
  if (isWeakerThan(channel, factors.floor))
    return new DomainError(
      'channel_locked_by_org',
      `the organization does not allow codes weaker than ${factors.floor}`,
    );
  switch (channel) {
    case 'totp':
      return factors.totp_confirmed
        ? null
        : new DomainError('totp_not_started', 'no confirmed authenticator app for this member');
    case 'sms':
    case 'whatsapp':
      return factors.phone
        ? null
        : new DomainError('otp_phone_missing', 'the account has no phone number');
    case 'email':
      return null;
    default: {
      const unhandled: never = channel;
      throw new Error(`unknown channel ${String(unhandled)}`);
    }
  }
}

/**
 * The channel of an action challenge: the explicit one when usable, otherwise the first usable
 * channel of the account's preferences. With none usable, the first preference's reason.
 */
export function resolveChallengeChannel(
  explicit: OtpChannel | null,
  factors: OtpFactors,
): OtpChannel {
  if (explicit) {
    const refused = unusable(explicit, factors);
    if (refused) throw refused;
    return explicit;
  }
  const order = factors.preferences ?? DEFAULT_CHANNEL_ORDER;
  const usable = order.find((channel) => unusable(channel, factors) === null);
  if (usable) return usable;
  throw (
    unusable(order[0] ?? factors.floor, factors) ??
    new DomainError('otp_unavailable', 'no channel can carry a code')
  );
}

/** Is the phone linked under 24 hours ago and not proven since (spec §5 rule 5)? */
export function phoneCooling(
  phone_linked_at: Date | null,
  phone_verified_at: Date | null,
  now: Date,
): boolean {
  if (!phone_linked_at) return false;
  const recent = now.getTime() - phone_linked_at.getTime() < PHONE_BINDING_COOLDOWN_MS;
  const proven = phone_verified_at !== null && phone_verified_at >= phone_linked_at;
  return recent && !proven;
}

/**
 * The channel of an OTP login (spec §5 rule 5): as a challenge's, except that a cooling phone
 * is skipped for a stronger factor, the authenticator app, then email (when the account's
 * preferences allow it); with neither, `phone_binding_cooldown`.
 */
export function resolveLoginChannel(factors: OtpFactors, phone_cooling: boolean): OtpChannel {
  const channel = resolveChallengeChannel(null, factors);
  if (!phone_cooling || (channel !== 'sms' && channel !== 'whatsapp')) return channel;
  const fallbacks: OtpChannel[] = ['totp'];
  if (!factors.preferences || factors.preferences.includes('email')) fallbacks.push('email');
  const stronger = fallbacks.find((candidate) => unusable(candidate, factors) === null);
  if (stronger) return stronger;
  throw new DomainError(
    'phone_binding_cooldown',
    'the phone number was linked less than 24 hours ago and no other factor is available',
  );
}

/**
 * The preferences an owner stores: a non-empty list of distinct channels, each usable now and
 * none weaker than the organization's floor.
 */
export function decidePreferences(
  channels: readonly string[],
  factors: Omit<OtpFactors, 'preferences'>,
): OtpChannel[] {
  if (channels.length === 0)
    throw new DomainError('invalid_channel', 'channels must name at least one channel');
  const parsed = channels.map(parseChannel);
  if (new Set(parsed).size !== parsed.length)
    throw new DomainError('invalid_channel', 'channels must not repeat');
  for (const channel of parsed) {
    const refused = unusable(channel, { ...factors, preferences: null });
    if (refused) throw refused;
  }
  return parsed;
}

/** The actions an organization requires, validated against the D7 catalog. */
export function decideRequiredActions(actions: readonly string[]): OtpAction[] {
  return [...new Set(actions.map(parseAction))];
}

/** `+15551234567` -> `+*******4567`: enough to recognize, not to reuse. */
export function maskPhone(phone: string): string {
  const visible = phone.slice(-4);
  const hidden = phone.slice(phone.startsWith('+') ? 1 : 0, -4).replace(/./g, '*');
  return `${phone.startsWith('+') ? '+' : ''}${hidden}${visible}`;
}

/** `ada.lovelace@example.com` -> `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
