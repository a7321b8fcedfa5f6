import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';
import { PLATFORM_LOCALES } from '../locales';

/**
 * AML screening (decisions D8): screenings of people and companies against sanctions and PEP
 * lists, their rescreening, the account's monitoring switch and the cities catalog. The gateway
 * checks only the shape of a request; the compliance service judges the subject's fields and the
 * idempotency key with the spec's codes.
 */
const id = z.string().min(1).max(200);
const actor = { account_id: id, org_id: id };
/** The key the gateway chose (`idempotencyKeyOf`); null when the client sent none. */
const chosenIdempotencyKey = z.string().max(10_000).nullable();
const instant = z.string().describe('ISO 8601 UTC timestamp');

export const AML_SCREENING_STATUSES = ['clear', 'potential_match', 'match'] as const;
export type AmlScreeningStatus = (typeof AML_SCREENING_STATUSES)[number];
export const AML_SUBJECT_TYPES = ['person', 'company'] as const;

/** `subject` as a client sends it; its values are judged by the service. */
export const amlSubjectInput = z
  .object({
    type: z.string().max(40).describe('`person` or `company` (`invalid_subject_type`)'),
    name: z.string().max(1000).describe('1 to 200 characters (`invalid_name`)'),
    country: z.string().max(40).describe('ISO 3166-1 alpha-2 (`invalid_country`)'),
    doc_id: z.string().max(200).optional().describe('1 to 64 characters (`invalid_doc_id`)'),
    birth_date: z.string().max(40).optional().describe('`YYYY-MM-DD`, persons only'),
  })
  .strict();

/** `POST /v1/aml/screenings`. */
export const createAmlScreeningBody = z
  .object({ idempotency_key: z.string().max(10_000).optional(), subject: amlSubjectInput })
  .strict();
export type CreateAmlScreeningBody = z.infer<typeof createAmlScreeningBody>;

export const amlSubject = z.object({
  type: z.enum(AML_SUBJECT_TYPES),
  name: z.string(),
  country: z.string(),
  doc_id: z.string().nullable(),
  birth_date: z.string().nullable(),
});

export const amlMatch = z.object({
  list: z.string().describe('the list the party is on'),
  name: z.string().describe('the name as the list writes it'),
  score: z.number().min(0).max(1).describe('name similarity, 0 to 1'),
  reasons: z.array(z.string()).describe('why it matched: exact_name, token_order, alias, ...'),
});
export type AmlMatch = z.infer<typeof amlMatch>;

/** A screening as the API answers it. */
export const amlScreeningResource = z.object({
  screening_id: z.string(),
  status: z.enum(AML_SCREENING_STATUSES),
  subject: amlSubject,
  matches: z.array(amlMatch),
  monitoring: z.boolean().describe("the account's monitoring rescreens it when a list changes"),
  created_at: instant,
  updated_at: instant,
});
export type AmlScreeningResource = z.infer<typeof amlScreeningResource>;

export const createAmlScreeningCommand = z
  .object({ ...actor, idempotency_key: chosenIdempotencyKey, subject: amlSubjectInput })
  .strict();
export type CreateAmlScreeningCommand = z.infer<typeof createAmlScreeningCommand>;

export const getAmlScreeningCommand = z.object({ account_id: id, screening_id: id }).strict();
export type GetAmlScreeningCommand = z.infer<typeof getAmlScreeningCommand>;

export const listAmlScreeningsCommand = z
  .object({
    account_id: id,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();
export type ListAmlScreeningsCommand = z.infer<typeof listAmlScreeningsCommand>;

/** `POST /v1/aml/rescreen`. */
export const amlRescreenBody = z
  .object({ idempotency_key: z.string().max(10_000).optional() })
  .strict();
export const amlRescreenCommand = z
  .object({ ...actor, idempotency_key: chosenIdempotencyKey })
  .strict();
export type AmlRescreenCommand = z.infer<typeof amlRescreenCommand>;
export const amlRescreenReply = z.object({
  rescreened: z.number().int().describe("how many of the account's screenings were rescreened"),
});

/** `PATCH /v1/aml/monitoring`. */
export const amlMonitoringBody = z
  .object({ enabled: z.boolean(), idempotency_key: z.string().max(10_000).optional() })
  .strict();
export const setAmlMonitoringCommand = z
  .object({ ...actor, enabled: z.boolean(), idempotency_key: chosenIdempotencyKey })
  .strict();
export type SetAmlMonitoringCommand = z.infer<typeof setAmlMonitoringCommand>;
export const amlMonitoringReply = z.object({
  enabled: z.boolean(),
  updated_at: instant.nullable(),
});

/** `GET /v1/aml/catalogs/cities?country=`: the country is judged by the service. */
export const listAmlCitiesCommand = z.object({ country: z.string().max(40) }).strict();
export const amlCitiesReply = z.object({
  country: z.string(),
  cities: z.array(z.object({ name: z.string(), region: z.string() })),
});

/** `GET /v1/aml/screenings/{id}/report`: the report PDF, base64 encoded. */
export const getAmlReportCommand = z
  .object({ account_id: id, screening_id: id, locale: z.enum(PLATFORM_LOCALES) })
  .strict();
export type GetAmlReportCommand = z.infer<typeof getAmlReportCommand>;
export const amlReportReply = z.object({ filename: z.string(), pdf_base64: z.string() });

export const AML_COMMANDS = {
  create_screening: defineCommand({
    name: 'compliance.create_aml_screening',
    summary: 'screen a person or company against the sanctions and PEP lists (idempotent)',
    request: createAmlScreeningCommand,
    reply: amlScreeningResource,
  }),
  get_screening: defineCommand({
    name: 'compliance.get_aml_screening',
    summary: "one of the account's AML screenings",
    request: getAmlScreeningCommand,
    reply: amlScreeningResource,
  }),
  list_screenings: defineCommand({
    name: 'compliance.list_aml_screenings',
    summary: "the account's AML screenings, newest first",
    request: listAmlScreeningsCommand,
    reply: z.object({ screenings: z.array(amlScreeningResource) }),
  }),
  rescreen: defineCommand({
    name: 'compliance.rescreen_aml',
    summary: 'rescreen every subject of the account against the current lists (idempotent)',
    request: amlRescreenCommand,
    reply: amlRescreenReply,
  }),
  set_monitoring: defineCommand({
    name: 'compliance.set_aml_monitoring',
    summary: "turn the account's AML monitoring on or off",
    request: setAmlMonitoringCommand,
    reply: amlMonitoringReply,
  }),
  list_cities: defineCommand({
    name: 'compliance.list_aml_cities',
    summary: 'the cities catalog of a country',
    request: listAmlCitiesCommand,
    reply: amlCitiesReply,
  }),
  get_report: defineCommand({
    name: 'compliance.get_aml_report',
    summary: "an AML screening's report PDF in a locale",
    request: getAmlReportCommand,
    reply: amlReportReply,
  }),
} as const;
