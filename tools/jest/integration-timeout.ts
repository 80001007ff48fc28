// Integration tests create databases and talk to real servers.
jest.setTimeout(60_000);
