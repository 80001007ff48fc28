/** Placeholder replaced when the e2e harness lands in this same change. */
export default async function globalSetup(): Promise<void> {
  return Promise.resolve();
}
