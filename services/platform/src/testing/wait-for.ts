export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Lets a would-be extra (wrong) delivery happen before asserting that it did not. */
export const quietPeriod = (ms = 150) => sleep(ms);

/** Resolves once `condition` holds, checked every `everyMs`; throws after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  everyMs = 10,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
