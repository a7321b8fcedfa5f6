export {
  startPlatform,
  type PlatformOptions,
  type RunningEnvironment,
  type RunningPlatform,
} from './platform';
export {
  makeTestTemplate,
  startTestPlatform,
  TEST_OPERATOR_TOKEN,
  type TestPlatform,
} from './test-platform';
export * from './operator-tools';
export { SETTINGS_CATALOG, type SettingsSource } from './settings-catalog';
