/** Development only (`npm run dev`): a path that forces an uncaught render error, to look at the crash screen. */
export const DEV_CRASH_PATH = import.meta.env.DEV ? '/__crash' : '';

export function ForcedCrash(): never {
  throw new Error(`Forced render error from ${DEV_CRASH_PATH}`);
}
