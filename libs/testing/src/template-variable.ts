/**
 * Names the run's migrated template databases for every worker (set by the jest global setup).
 * A file of its own, without imports: the global setup and teardown load it outside Jest's map.
 */
export const TEST_TEMPLATE_VARIABLE = 'TEST_TEMPLATE_DATABASE_PREFIX';

/** `off`: the global setup makes no template (a run of suites that boot no platform). */
export const TEST_TEMPLATES_SWITCH = 'TEST_TEMPLATES';
