/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the order. The first
 * failure stops starting new calls, `onError` runs once (to abort the calls in flight), and it is
 * thrown once those have settled.
 */
export async function runLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>, onError?: () => void): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        out[index] = await fn(items[index], index);
      } catch (error) {
        if (failure === null) {
          failure = { error };
          onError?.();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return out;
}
