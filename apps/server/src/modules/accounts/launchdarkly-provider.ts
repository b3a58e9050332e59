import { LaunchDarklyProvider } from '@launchdarkly/openfeature-node-server';
import { basicLogger, type LDLogger } from '@launchdarkly/node-server-sdk';
import type { Env } from '../../config/env.ts';

/** LaunchDarkly's settings, from LAUNCHDARKLY_*; null when no SDK key is set (the database provider serves flags). */
export function launchDarklySettings(config: Env) {
  if (!config.LAUNCHDARKLY_SDK_KEY) return null;
  return {
    sdkKey: config.LAUNCHDARKLY_SDK_KEY,
    baseUri: config.LAUNCHDARKLY_BASE_URI,
    streamUri: config.LAUNCHDARKLY_STREAM_URI,
    eventsUri: config.LAUNCHDARKLY_EVENTS_URI,
    stream: config.LAUNCHDARKLY_STREAM,
    logLevel: config.LOG_LEVEL,
  };
}
export type LaunchDarklySettings = NonNullable<ReturnType<typeof launchDarklySettings>>;

function ldLogger(level: Env['LOG_LEVEL']): LDLogger {
  // The SDK's info lines (stream connected, …) are noise beside Rampart's own; warnings and errors are kept.
  const ldLevel = level === 'silent' ? 'none' : level === 'fatal' || level === 'error' ? 'error' : level === 'debug' || level === 'trace' ? 'debug' : 'warn';
  return basicLogger({ level: ldLevel });
}

/**
 * LaunchDarkly's OpenFeature provider over its Node server SDK: flags stream from LAUNCHDARKLY_STREAM_URI (`/all`), or
 * are polled from LAUNCHDARKLY_BASE_URI (`/sdk/latest-all`) with LAUNCHDARKLY_STREAM=false; evaluation events go to
 * LAUNCHDARKLY_EVENTS_URI (`/bulk`). Unset URIs are LaunchDarkly's own.
 */
export function createLaunchDarklyProvider(settings: LaunchDarklySettings): LaunchDarklyProvider {
  return new LaunchDarklyProvider(
    settings.sdkKey,
    {
      ...(settings.baseUri ? { baseUri: settings.baseUri } : {}),
      ...(settings.streamUri ? { streamUri: settings.streamUri } : {}),
      ...(settings.eventsUri ? { eventsUri: settings.eventsUri } : {}),
      stream: settings.stream,
      logger: ldLogger(settings.logLevel),
    },
    // How long the first evaluation waits for the flags at start-up; after that, evaluations answer the code's defaults.
    5,
  );
}
