// Process start-up, worker kills and lock expiry take seconds; jest's 5 s default is for unit tests.
jest.setTimeout(120_000);
