/**
 * The services that serve commands on the bus, in boot order of reference data first: the first
 * part of every command name, and the deployables beside the gateway. Light on purpose (no
 * schemas): the distributed launcher reads it without loading the contracts.
 */
export const COMMAND_SERVICES = [
  'identity',
  'ledger',
  'payouts',
  'payins',
  'crypto-wallets',
  'compliance',
  'risk-scoring',
  'notifications',
  'cards',
  'banking',
] as const;
export type CommandService = (typeof COMMAND_SERVICES)[number];
