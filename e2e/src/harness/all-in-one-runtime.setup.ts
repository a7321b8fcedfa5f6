// Jest `setupFiles` of the int project: its e2e suites start the all-in-one runtime unless
// E2E_RUNTIME says otherwise (`E2E_RUNTIME=distributed npx jest --selectProjects int <suite>`
// runs any suite on Kafka).
process.env.E2E_RUNTIME ??= 'all-in-one';
