import { authenticator } from 'otplib';
import { openAccount, TEST_PASSWORD, type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

/**
 * Identity verification (decisions D8) as a client drives it: the account's own link, the hosted
 * page's API, and the reviewers' queue (operator `/admin/v1`, organization admins `/v1/org`).
 */

/** A 1x1 PNG: a selfie or document image that decodes. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A small complete PDF (an identity document scan stands in). */
export const TINY_PDF_BASE64 = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

export interface VerificationLinkBody {
  link_id: string;
  url: string;
  kind: 'kyc' | 'kyb';
  expires_at: string;
}

export interface PersonIdentity {
  first_name: string;
  last_name: string;
  doc_id: string;
  birth_date: string;
  country: string;
}

export const person = (last_name = 'Lovelace'): PersonIdentity => ({
  first_name: 'Ada',
  last_name,
  doc_id: 'AB123456',
  birth_date: '1990-05-17',
  country: 'GB',
});

export function verificationClient(target: Target) {
  const client = http(target);
  const { request } = client;

  /** Enrolls and confirms an authenticator app for the session (a link needs 2FA). */
  const enrollTotp = async (account: TestAccount): Promise<string> => {
    const enrolled = await request('POST', '/v1/me/totp/enroll', {
      token: account.access_token,
      body: { current_password: TEST_PASSWORD },
    });
    const { secret } = await json<{ secret: string }>(enrolled, 201);
    await json(
      await request('POST', '/v1/me/totp/confirm', {
        token: account.access_token,
        body: { code: authenticator.generate(secret) },
      }),
      200,
    );
    return secret;
  };

  /** A confirmed account whose owner has an authenticator app, ready to ask for a link. */
  const accountWith2fa = async (label: string, registration: Record<string, unknown> = {}) => {
    const account = await openAccount(client, { label, registration });
    await enrollTotp(account);
    return account;
  };

  const verification = (account: TestAccount) =>
    request('GET', '/v1/me/verification', { token: account.access_token });

  const newLink = (token: string) => request('POST', '/v1/me/verification/link', { token });

  const link = async (account: TestAccount): Promise<VerificationLinkBody> =>
    json<VerificationLinkBody>(await newLink(account.access_token), 201);

  /** The hosted page's API path of a link (`/verify/onboarding/{token}`). */
  const pagePath = (url: string) => new URL(url).pathname;

  const onPage = (url: string, method: string, suffix: string, body?: unknown) =>
    request(method, `${pagePath(url)}${suffix}`, body === undefined ? {} : { body });

  /** Completes a person's hosted page: identity, an identity document, a selfie, submit. */
  const completePerson = async (url: string, identity: PersonIdentity = person()) => {
    await json(await onPage(url, 'POST', '/identity', identity), 200);
    await json(
      await onPage(url, 'POST', '/documents', {
        category: 'identity_document',
        content_base64: TINY_PDF_BASE64,
      }),
      201,
    );
    await json(await onPage(url, 'POST', '/liveness', { selfie_base64: TINY_PNG_BASE64 }), 200);
    return json<Record<string, unknown>>(await onPage(url, 'POST', '/submit'), 200);
  };

  /** Completes a company's hosted page: legal name, a registration document, submit. */
  const completeCompany = async (url: string, legal_name = 'Analytical Engines Ltd') => {
    await json(
      await onPage(url, 'POST', '/identity', {
        legal_name,
        doc_id: '30-71234567-9',
        country: 'AR',
      }),
      200,
    );
    await json(
      await onPage(url, 'POST', '/documents', {
        category: 'company_registration',
        content_base64: TINY_PDF_BASE64,
      }),
      201,
    );
    return json<Record<string, unknown>>(await onPage(url, 'POST', '/submit'), 200);
  };

  /** The operator's queue (`/admin/v1/verifications`). */
  const operatorQueue = async (status = 'pending') =>
    (
      await json<{ verifications: Array<Record<string, any>> }>(
        await client.operator('GET', `/admin/v1/verifications?status=${status}`),
        200,
      )
    ).verifications;

  const operatorDecide = (submission_id: string, body: Record<string, unknown>) =>
    client.operator('POST', `/admin/v1/verifications/${submission_id}/decision`, body);

  /** The operator reopens an account's verification (a sandbox account is approved at confirm). */
  const operatorReopen = (account_id: string) =>
    client.operator('POST', `/admin/v1/verifications/accounts/${account_id}/reopen`);

  /** A sandbox account made unverified by the operator, with 2FA, ready for a link. */
  const unverifiedAccount = async (label: string, registration: Record<string, unknown> = {}) => {
    const account = await accountWith2fa(label, registration);
    await json(await operatorReopen(account.account_id), 200);
    await eventually(
      async () =>
        json<{ kyc_status: string }>(
          await request('GET', '/v1/me', { token: account.access_token }),
          200,
        ),
      (profile) => profile.kyc_status === 'none',
    );
    return account;
  };

  /** The account's verification once `done` holds. */
  const awaitVerification = (account: TestAccount, done: (body: Record<string, any>) => boolean) =>
    eventually(async () => json<Record<string, any>>(await verification(account), 200), done);

  /**
   * A live account verified the way a client's is: 2FA, the hosted page, and the operator's
   * approval in the queue; resolves once identity reports `kyc_status: approved`.
   */
  const approveLive = async (account: TestAccount) => {
    await enrollTotp(account);
    const issued = await link(account);
    await (issued.kind === 'kyb' ? completeCompany(issued.url) : completePerson(issued.url));
    const { submission_id } = await awaitVerification(account, (body) => body.status === 'pending');
    await eventually(
      () => operatorQueue('pending'),
      (rows) => rows.some((row) => row.submission_id === submission_id && row.awaiting_review),
    );
    await json(await operatorDecide(submission_id, { decision: 'approve' }), 200);
    await eventually(
      async () =>
        json<{ kyc_status: string }>(
          await request('GET', '/v1/me', { token: account.access_token }),
          200,
        ),
      (profile) => profile.kyc_status === 'approved',
    );
  };

  return {
    request,
    enrollTotp,
    approveLive,
    accountWith2fa,
    verification,
    newLink,
    link,
    onPage,
    completePerson,
    completeCompany,
    operatorQueue,
    operatorDecide,
    operatorReopen,
    unverifiedAccount,
    awaitVerification,
  };
}

export type VerificationClient = ReturnType<typeof verificationClient>;
