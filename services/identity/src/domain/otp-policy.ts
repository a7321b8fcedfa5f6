import {
  DomainError,
  OTP_ACTIONS,
  OTP_CHANNELS,
  type OtpAction,
  type OtpChannel,
} from '@platform/contracts';

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

/**
 * Where the account's phone stands for carrying codes:
 * - `none`: no phone on the account;
 * - `cooling`: linked under 24 hours ago and not proven since (spec §5 rule 5);
 * - `unverified`: linked earlier and never proven (no code sent to it came back);
 * - `verified`: proven since it was linked.
 */
export type PhoneStatus = 'none' | 'cooling' | 'unverified' | 'verified';

/**
 * What a code is asked for; the rules differ slightly:
 * - `challenge` (action challenges): a phone channel needs a phone (`phone_required`) that is
 *   verified (`phone_verification_required`); a cooling one moves the code to a stronger factor.
 * - `login` (OTP login): a phone channel needs a phone (`otp_phone_missing`); an unverified phone
 *   still carries the code, whose return proves it (else a person whose only channel is that
 *   phone could never sign in to verify it); a cooling one moves to a stronger factor.
 * - `preferences`: a phone channel needs a phone (`otp_phone_missing`); it may be proven later.
 */
export type OtpPurpose = 'challenge' | 'login' | 'preferences';

/** What channel resolution knows about the person asking for a code. */
export interface OtpFactors {
  floor: OtpChannel;
  /** The account's preferences, or null for DEFAULT_CHANNEL_ORDER. */
  preferences: readonly OtpChannel[] | null;
  totp_confirmed: boolean;
  phone_status: PhoneStatus;
}

/** Whether a channel can carry a code now, must give way to a stronger factor, or is refused. */
type ChannelCheck =
  { kind: 'usable' } | { kind: 'cooling' } | { kind: 'refused'; error: DomainError };

const USABLE: ChannelCheck = { kind: 'usable' };
const refusal = (error: DomainError): ChannelCheck => ({ kind: 'refused', error });

function checkPhone(status: PhoneStatus, purpose: OtpPurpose): ChannelCheck {
  switch (status) {
    case 'verified':
      return USABLE;
    case 'none':
      return refusal(
        purpose === 'challenge'
          ? new DomainError('phone_required', 'this channel needs a phone number on the account')
          : new DomainError('otp_phone_missing', 'the account has no phone number'),
      );
    case 'cooling':
      return purpose === 'preferences' ? USABLE : { kind: 'cooling' };
    case 'unverified':
      return purpose === 'challenge'
        ? refusal(
            new DomainError(
              'phone_verification_required',
              'verify the phone number before codes are sent to it',
            ),
          )
        : USABLE;
    default: {
      const unhandled: never = status;
      throw new Error(`unknown phone status ${String(unhandled)}`);
    }
  }
}

function checkChannel(channel: OtpChannel, factors: OtpFactors, purpose: OtpPurpose): ChannelCheck {
  if (isWeakerThan(channel, factors.floor))
    return refusal(
      new DomainError(
        'channel_locked_by_org',
        `the organization does not allow codes weaker than ${factors.floor}`,
      ),
    );
  switch (channel) {
    case 'totp':
      return factors.totp_confirmed
        ? USABLE
        : refusal(
            new DomainError('totp_not_started', 'no confirmed authenticator app for this member'),
          );
    case 'sms':
    case 'whatsapp':
      return checkPhone(factors.phone_status, purpose);
    case 'email':
      return USABLE;
    default: {
      const unhandled: never = channel;
      throw new Error(`unknown channel ${String(unhandled)}`);
    }
  }
}

/**
 * Spec §5 rule 5: a code meant for a cooling phone goes over a stronger factor, the
 * authenticator app, then email (when the account's preferences allow it); with neither,
 * `phone_binding_cooldown`.
 */
function strongerThanCoolingPhone(factors: OtpFactors, purpose: OtpPurpose): OtpChannel {
  const fallbacks: OtpChannel[] = ['totp'];
  if (!factors.preferences || factors.preferences.includes('email')) fallbacks.push('email');
  const stronger = fallbacks.find(
    (candidate) => checkChannel(candidate, factors, purpose).kind === 'usable',
  );
  if (stronger) return stronger;
  throw new DomainError(
    'phone_binding_cooldown',
    'the phone number was linked less than 24 hours ago and no other factor is available',
  );
}

/**
 * The channel of a code: the explicit one, else the first of the account's preferences (or the
 * default order) that can carry it. When that channel is a cooling phone, a stronger factor
 * takes its place. With nothing usable, the reason of the explicit channel or first preference.
 */
export function resolveChannel(
  explicit: OtpChannel | null,
  factors: OtpFactors,
  purpose: Exclude<OtpPurpose, 'preferences'>,
): OtpChannel {
  const candidates = explicit ? [explicit] : (factors.preferences ?? DEFAULT_CHANNEL_ORDER);
  const checked = candidates.map((channel) => ({
    channel,
    check: checkChannel(channel, factors, purpose),
  }));
  const first = checked.find(({ check }) => check.kind !== 'refused');
  if (first?.check.kind === 'usable') return first.channel;
  if (first) return strongerThanCoolingPhone(factors, purpose);
  const reason = checked[0]?.check;
  if (reason?.kind === 'refused') throw reason.error;
  throw new DomainError('otp_unavailable', 'no channel can carry a code');
}

/** Where the account's phone stands (spec §5 rule 5), from when it was linked and proven. */
export function phoneStatusOf(
  phone: string | null,
  phone_linked_at: Date | null,
  phone_verified_at: Date | null,
  now: Date,
): PhoneStatus {
  if (!phone) return 'none';
  const proven =
    phone_verified_at !== null && (!phone_linked_at || phone_verified_at >= phone_linked_at);
  if (proven) return 'verified';
  const recent =
    phone_linked_at !== null &&
    now.getTime() - phone_linked_at.getTime() < PHONE_BINDING_COOLDOWN_MS;
  return recent ? 'cooling' : 'unverified';
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
    const check = checkChannel(channel, { ...factors, preferences: null }, 'preferences');
    if (check.kind === 'refused') throw check.error;
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

/** An organization whose policy turns OTP off answers no challenge and keeps no preferences. */
export function assertOtpEnabled(otp_enabled: boolean): void {
  if (!otp_enabled)
    throw new DomainError(
      'otp_disabled_for_org',
      'one-time codes are turned off for this organization',
    );
}
