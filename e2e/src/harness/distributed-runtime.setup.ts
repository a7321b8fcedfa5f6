// Jest `setupFiles` of the dist project: its e2e suites start the distributed runtime.
process.env.E2E_RUNTIME = 'distributed';
