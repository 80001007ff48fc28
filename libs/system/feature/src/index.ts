export * from './lib/system.module';
export * from './lib/ping.job-handler';
