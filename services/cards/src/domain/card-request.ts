import { DomainError, type CardType, type IssueCardCommand } from '@platform/contracts';
import { BUSINESS_ACTIVITIES, OCCUPATIONS, requireCatalogCode } from './catalogs';
import { printedCardholderName } from './cardholder-name';

export interface ShippingAddress {
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country: string;
}

/** A card request as the rules accept it. */
export interface CardRequest {
  type: CardType;
  cardholder_name: string;
  occupation: string;
  business_activity: string | null;
  shipping_address: ShippingAddress | null;
}

const present = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

function shippingAddressOf(command: IssueCardCommand): ShippingAddress {
  const address = command.shipping_address;
  const line1 = present(address?.line1);
  const city = present(address?.city);
  const postal_code = present(address?.postal_code);
  const country = present(address?.country)?.toUpperCase() ?? null;
  if (!line1 || !city || !postal_code || !country || !/^[A-Z]{2}$/.test(country))
    throw new DomainError(
      'issuer_data_incomplete',
      'a physical card needs shipping_address with line1, city, postal_code and a two-letter country',
    );
  return {
    line1,
    line2: present(address?.line2),
    city,
    region: present(address?.region),
    postal_code,
    country,
  };
}

/**
 * Reads a card request: its type (`invalid_request`), the printed name, the catalog codes
 * (`invalid_occupation`, `invalid_kind_of_business`) and, for a physical card, whether physical
 * cards are issued now (`physical_temporarily_unavailable`) and where it goes
 * (`issuer_data_incomplete`).
 */
export function readCardRequest(
  command: IssueCardCommand,
  options: { physical_available: boolean },
): CardRequest {
  if (command.type !== 'virtual' && command.type !== 'physical')
    throw new DomainError('invalid_request', 'type is virtual or physical');
  const cardholder_name = printedCardholderName(
    command.cardholder.first_name,
    command.cardholder.last_name,
  );
  const occupation = requireCatalogCode(
    OCCUPATIONS,
    command.occupation?.trim() ?? '',
    'invalid_occupation',
  );
  const activity = present(command.business_activity);
  const business_activity =
    activity === null
      ? null
      : requireCatalogCode(BUSINESS_ACTIVITIES, activity, 'invalid_kind_of_business');
  if (command.type === 'physical' && !options.physical_available)
    throw new DomainError(
      'physical_temporarily_unavailable',
      'physical cards cannot be issued at the moment; a virtual card can',
    );
  const shipping_address = command.type === 'physical' ? shippingAddressOf(command) : null;
  return { type: command.type, cardholder_name, occupation, business_activity, shipping_address };
}

/** What makes two requests the same for one idempotency key. */
export function fingerprintOf(request: CardRequest): string {
  return JSON.stringify([
    request.type,
    request.cardholder_name,
    request.occupation,
    request.business_activity,
    request.shipping_address,
  ]);
}
