export { startPlatform, type PlatformOptions, type RunningEnvironment, type RunningPlatform } from './platform';
