import type { Migration } from 'kysely';
import { initial } from './001_initial';
import { registry } from './002_registry';
import { jobs } from './004_jobs';
import { listIndexes } from './005_list_indexes';
import { auditEvents } from './007_audit_events';
import { sessions } from './008_sessions';

/** Every migration, by name; names sort in the order they run. Never edit one that has shipped: add the next. */
export const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_registry': registry,
  '004_jobs': jobs,
  '005_list_indexes': listIndexes,
  '007_audit_events': auditEvents,
  '008_sessions': sessions,
};
