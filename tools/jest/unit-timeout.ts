// Unit tests do no I/O, but some do real work (the engine, the survey generator, the .sav reader fed
// a byte at a time). On a busy 2-core machine jest's 5 s default fails them for being slow, not
// wrong; a hang still fails, only later.
jest.setTimeout(60_000);
