/**
 * What the operator CLI runs straight against an environment's database: the projections it can
 * rebuild and compare by name (`platform projections rebuild NAME`). Only the ledger keeps
 * event-sourced projections.
 */
export {
  LEDGER_PROJECTIONS as REBUILDABLE_PROJECTIONS,
  rebuildAndCompare,
  type NamedProjection,
  type ProjectionComparison,
} from '@platform/svc-ledger';
