// Process start-up, worker kills and lock expiry take seconds; jest's 5 s default is for unit tests.
// Above the stack's own start bound (START_TIMEOUT_MS, 90 s) plus a seed, so a slow start fails
// with the stack's diagnostics (each process's output, pid and state), not a bare hook timeout.
jest.setTimeout(180_000);
