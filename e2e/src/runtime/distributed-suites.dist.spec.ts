import { shareDeployments } from '../harness/distributed';

/**
 * The e2e suites the dist tier runs on the distributed runtime (Kafka, a process per service),
 * one or two per service, in this one file so that they can share a deployment: eleven processes
 * booted once rather than once per suite (a boot took 25-45 s of the tier's two cores each).
 * A suite whose settings all match the shared deployment's (`SHARED_DEPLOYMENT_SETTINGS`) runs on
 * it; one that asks for other settings, the live environment or a second gateway boots its own
 * for itself, as on the int tier. Each still makes its own organizations and accounts, as every
 * suite does. A suite that cannot run on this runtime is named *.all-in-one.e2e.spec.ts and is
 * never imported here. Any one of them still runs alone on Kafka (see README, Tests).
 */
// On deployments of their own (live, two gateways, or settings of their own), first: the shared
// deployment then is not left idling beside them.
import '../identity/identity-handoff.e2e.spec';
import '../events/events-gateways.e2e.spec';
import '../events/events-org.e2e.spec';
// On the shared deployment.
import '../identity/identity-smoke.e2e.spec';
import '../ledger/ledger-http.e2e.spec';
import '../ledger/ledger-transfers.e2e.spec';
import '../payouts/payouts-smoke.e2e.spec';
import '../payouts/payouts-lifecycle.e2e.spec';
import '../payins/payins-deposits.e2e.spec';
import '../payins/payins-card-checkout.e2e.spec';
import '../compliance/large-files.e2e.spec';
import '../crypto/crypto-deposits.e2e.spec';
import '../crypto/crypto-withdrawals.e2e.spec';
import '../risk/qscore-reports.e2e.spec';
import '../cards/card-spending.e2e.spec';
import '../banking/banking.e2e.spec';

shareDeployments();
