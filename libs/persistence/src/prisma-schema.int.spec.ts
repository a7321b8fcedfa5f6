// Fails when a service's Prisma models and the tables its SQL migrations create disagree: the
// migrations are the truth for the database (Prisma's migrate commands do not run here), so this
// is what keeps the generated client honest. Covers every services/*/prisma/schema.prisma.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import {
  createPool,
  createPrismaClient,
  dropDatabase,
  ensureDatabase,
  migrate,
  type PrismaClientClass,
} from './index';

const ROOT = path.resolve(__dirname, '../../..');
const PRISMA_CLI = path.join(ROOT, 'node_modules/prisma/build/index.js');

/** The parts of Prisma's DMMF datamodel this check reads. */
interface DmmfField {
  name: string;
  dbName: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isId: boolean;
  isUnique: boolean;
  nativeType: [string, string[]] | null;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
}
interface DmmfDatamodel {
  models: DmmfModel[];
  enums: { name: string; dbName?: string | null }[];
}

interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** As @platform/testing's createTestDatabase, which this lib cannot import (testing imports it). */
async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const admin_url = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!admin_url) throw new Error('integration tests need the jest global setup or DATABASE_URL');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`.replace(/[^a-z0-9_]/g, '_');
  return { url: await ensureDatabase(admin_url, name), drop: () => dropDatabase(admin_url, name) };
}

interface PrismaService {
  service: string;
  schema_file: string;
  migrations_dir: string;
  /** The PostgreSQL schema the service's migrations and its Prisma adapter use. */
  db_schema: string;
}

function prismaServices(): PrismaService[] {
  const services_dir = path.join(ROOT, 'services');
  return readdirSync(services_dir)
    .filter((service) => existsSync(path.join(services_dir, service, 'prisma/schema.prisma')))
    .map((service) => ({
      service,
      schema_file: path.join(services_dir, service, 'prisma/schema.prisma'),
      migrations_dir: path.join(services_dir, service, 'migrations'),
      db_schema: service.replace(/-/g, '_'),
    }));
}

// A generator that only writes the DMMF it is handed. Prisma drives generators over JSON-RPC on
// stdin/stderr, so this reads the DMMF offline with the installed CLI alone (no @prisma/internals).
const DMMF_GENERATOR = `
const fs = require('node:fs');
const path = require('node:path');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  let result = null;
  if (message.method === 'getManifest') result = { manifest: { prettyName: 'DMMF dump', requiresEngines: [] } };
  if (message.method === 'generate') {
    const out = message.params.generator.output.value;
    fs.writeFileSync(path.join(out, 'dmmf.json'), JSON.stringify(message.params.dmmf.datamodel));
  }
  process.stderr.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
});
`;

async function readDatamodel(schema_text: string, work_dir: string): Promise<DmmfDatamodel> {
  const generator_file = path.join(work_dir, 'dmmf-generator.js');
  writeFileSync(generator_file, DMMF_GENERATOR);
  const dump_schema = schema_text.replace(/generator\s+\w+\s*\{[^}]*\}/g, '').concat(`
generator dmmf {
  provider = ${JSON.stringify(`node ${generator_file}`)}
  output   = ${JSON.stringify(work_dir)}
}
`);
  const schema_file = path.join(work_dir, 'schema.prisma');
  writeFileSync(schema_file, dump_schema);
  await promisify(execFile)(process.execPath, [PRISMA_CLI, 'generate', '--schema', schema_file], {
    cwd: work_dir,
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  });
  return JSON.parse(readFileSync(path.join(work_dir, 'dmmf.json'), 'utf8')) as DmmfDatamodel;
}

/** PostgreSQL type (pg_type name) for Prisma's native type attributes, e.g. @db.Uuid. */
const NATIVE_UDT: Record<string, string> = {
  Text: 'text',
  VarChar: 'varchar',
  Char: 'bpchar',
  Uuid: 'uuid',
  Citext: 'citext',
  Xml: 'xml',
  Inet: 'inet',
  Integer: 'int4',
  SmallInt: 'int2',
  BigInt: 'int8',
  Oid: 'oid',
  Real: 'float4',
  DoublePrecision: 'float8',
  Decimal: 'numeric',
  Money: 'money',
  Boolean: 'bool',
  Json: 'json',
  JsonB: 'jsonb',
  ByteA: 'bytea',
  Timestamp: 'timestamp',
  Timestamptz: 'timestamptz',
  Date: 'date',
  Time: 'time',
  Timetz: 'timetz',
  Bit: 'bit',
  VarBit: 'varbit',
};
/** What Prisma means by a scalar without a native type attribute (DateTime is timestamp(3)!). */
const DEFAULT_UDT: Record<string, string> = {
  String: 'text',
  Int: 'int4',
  BigInt: 'int8',
  Float: 'float8',
  Decimal: 'numeric',
  Boolean: 'bool',
  DateTime: 'timestamp',
  Json: 'jsonb',
  Bytes: 'bytea',
};

function expectedUdt(field: DmmfField, datamodel: DmmfDatamodel): string {
  const element =
    field.kind === 'enum'
      ? (datamodel.enums.find((candidate) => candidate.name === field.type)?.dbName ?? field.type)
      : field.nativeType
        ? (NATIVE_UDT[field.nativeType[0]] ?? `unknown native type ${field.nativeType[0]}`)
        : (DEFAULT_UDT[field.type] ?? `unknown scalar ${field.type}`);
  return field.isList ? `_${element}` : element;
}

interface ColumnRow {
  column_name: string;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
}

/** Every disagreement between the models and the tables of one PostgreSQL schema, in words. */
async function schemaDrift(
  pool: Pool,
  db_schema: string,
  datamodel: DmmfDatamodel,
): Promise<string[]> {
  const problems: string[] = [];
  for (const model of datamodel.models) {
    const table = model.dbName ?? model.name;
    const { rows } = await pool.query<ColumnRow>(
      `select column_name, is_nullable, udt_name from information_schema.columns
        where table_schema = $1 and table_name = $2`,
      [db_schema, table],
    );
    if (rows.length === 0) {
      problems.push(`${model.name}: table ${db_schema}.${table} does not exist`);
      continue;
    }
    const columns = new Map(rows.map((row) => [row.column_name, row]));
    const fields = model.fields.filter((field) => field.kind !== 'object');
    for (const field of fields) {
      const column_name = field.dbName ?? field.name;
      const column = columns.get(column_name);
      const where = `${model.name}.${field.name} (${table}.${column_name})`;
      if (!column) {
        problems.push(`${where}: column missing`);
        continue;
      }
      const udt = expectedUdt(field, datamodel);
      if (column.udt_name !== udt)
        problems.push(`${where}: model says ${udt}, table has ${column.udt_name}`);
      const nullable = column.is_nullable === 'YES';
      if (nullable === field.isRequired) {
        problems.push(
          `${where}: model says ${field.isRequired ? 'required' : 'optional'}, column is ${nullable ? 'nullable' : 'not null'}`,
        );
      }
    }
    const mapped = new Set(fields.map((field) => field.dbName ?? field.name));
    for (const column of columns.keys()) {
      if (!mapped.has(column))
        problems.push(`${model.name}: column ${table}.${column} has no field`);
    }
    problems.push(...(await keyDrift(pool, db_schema, table, model)));
  }
  return problems;
}

/** Prisma's findUnique and upserts rely on the primary key and unique fields being real constraints. */
async function keyDrift(
  pool: Pool,
  db_schema: string,
  table: string,
  model: DmmfModel,
): Promise<string[]> {
  const { rows } = await pool.query<{ constraint_type: string; columns: string[] }>(
    `select c.constraint_type, array_agg(k.column_name::text order by k.ordinal_position) as columns
       from information_schema.table_constraints c
       join information_schema.key_column_usage k
         on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name
      where c.table_schema = $1 and c.table_name = $2 and c.constraint_type in ('PRIMARY KEY', 'UNIQUE')
      group by c.constraint_name, c.constraint_type`,
    [db_schema, table],
  );
  const column_of = (name: string): string => {
    const field = model.fields.find((candidate) => candidate.name === name);
    return field?.dbName ?? name;
  };
  const problems: string[] = [];
  const model_key = (
    model.primaryKey?.fields ??
    model.fields.filter((field) => field.isId).map((field) => field.name)
  ).map(column_of);
  const table_key = rows.find((row) => row.constraint_type === 'PRIMARY KEY')?.columns ?? [];
  if (model_key.join(',') !== table_key.join(',')) {
    problems.push(
      `${model.name}: primary key is (${model_key.join(', ')}) in the model, (${table_key.join(', ')}) in ${table}`,
    );
  }
  const unique_sets = rows.map((row) => row.columns.join(','));
  for (const field of model.fields.filter((candidate) => candidate.isUnique)) {
    if (!unique_sets.includes(column_of(field.name))) {
      problems.push(`${model.name}.${field.name}: @unique without a unique constraint in ${table}`);
    }
  }
  return problems;
}

describe.each(prismaServices())('Prisma schema of $service', (service) => {
  let db: TestDatabase;
  let pool: Pool;
  let work_dir: string;
  let datamodel: DmmfDatamodel;

  beforeAll(async () => {
    db = await createTestDatabase(`prisma_${service.db_schema}`);
    pool = createPool({ url: db.url, schema: service.db_schema });
    await migrate(pool, { schema: service.db_schema, migrations_dir: service.migrations_dir });
    work_dir = mkdtempSync(path.join(os.tmpdir(), 'prisma-dmmf-'));
    datamodel = await readDatamodel(readFileSync(service.schema_file, 'utf8'), work_dir);
  });

  afterAll(async () => {
    rmSync(work_dir, { recursive: true, force: true });
    await pool.end();
    await db.drop();
  });

  it('matches the tables its SQL migrations create', async () => {
    expect(datamodel.models.length).toBeGreaterThan(0);
    expect(await schemaDrift(pool, service.db_schema, datamodel)).toEqual([]);
  });

  it('would be caught drifting: added, dropped, retyped and re-nulled fields are all reported', async () => {
    const [model] = datamodel.models;
    const scalars = model?.fields.filter((field) => field.kind === 'scalar' && !field.isId) ?? [];
    const [renulled, retyped, dropped] = scalars;
    if (!model || !renulled || !retyped || !dropped)
      throw new Error('the first model needs three non-key scalars');
    const probe: DmmfField = { ...renulled, name: 'drift_probe', dbName: null, isUnique: false };
    const fields = model.fields
      .filter((field) => field !== dropped)
      .map((field) => {
        if (field === renulled) return { ...field, isRequired: !field.isRequired };
        if (field === retyped)
          return { ...field, nativeType: ['SmallInt', []] as [string, string[]] };
        return field;
      });
    const drifted: DmmfDatamodel = {
      ...datamodel,
      models: [{ ...model, fields: [...fields, probe] }],
    };

    const problems = await schemaDrift(pool, service.db_schema, drifted);
    const column = (field: DmmfField): string => field.dbName ?? field.name;
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${model.name}\\.drift_probe .*: column missing$`)),
        expect.stringMatching(
          new RegExp(
            `^${model.name}\\.${renulled.name} .*: model says (required|optional), column is`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^${model.name}\\.${retyped.name} .*: model says int2, table has`),
        ),
        `${model.name}: column ${model.dbName ?? model.name}.${column(dropped)} has no field`,
      ]),
    );
  });
});

describe('the generated identity client', () => {
  it('creates and reads an Organization through the PrismaPg adapter', async () => {
    const db = await createTestDatabase('prisma_client');
    const pool = createPool({ url: db.url, schema: 'identity' });
    try {
      await migrate(pool, {
        schema: 'identity',
        migrations_dir: path.join(ROOT, 'services/identity/migrations'),
      });
      // Loaded by path: libs may not import a service, and the client exists only once generated.
      const generated = path.join(
        ROOT,
        'services/identity/src/infrastructure/generated/prisma/client.ts',
      );
      if (!existsSync(generated))
        throw new Error('run `node tools/scripts/prisma-generate.mjs` first');
      const { PrismaClient } = require(generated) as {
        PrismaClient: PrismaClientClass<IdentityClient>;
      };
      const prisma = createPrismaClient(PrismaClient, { pool, schema: 'identity' });
      try {
        const created = await prisma.organization.create({
          data: {
            slug: 'acme',
            name: 'Acme Ltd',
            timezone: 'Europe/Paris',
            locale: 'fr-FR',
            otp_channel_floor: 'sms',
            branding: { color: '#123456' },
          },
        });
        expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
        const found = await prisma.organization.findUnique({ where: { slug: 'acme' } });
        expect(found).toMatchObject({
          id: created.id,
          login_otp_required: false,
          branding: { color: '#123456' },
        });
        expect(found?.created_at).toBeInstanceOf(Date);
        const { rows } = await pool.query('select name from identity.organizations where id = $1', [
          created.id,
        ]);
        expect(rows).toEqual([{ name: 'Acme Ltd' }]);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});

/** The slice of the generated client this test touches (the real type lives in the service). */
interface IdentityClient {
  organization: {
    create(args: { data: Record<string, unknown> }): Promise<{ id: string }>;
    findUnique(args: { where: { slug: string } }): Promise<Record<string, unknown> | null>;
  };
  $disconnect(): Promise<void>;
}
