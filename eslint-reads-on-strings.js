// The files whose reads still build SQL strings for app/services/sql.server.ts (issue 22 item 6
// moves them to the typed kit, app/services/sql/reads.server.ts). The typed-SQL lint rule in
// eslint.config.js skips them until they move: take a file off this list when its reads have moved,
// and delete this file (and sql.server.ts) with the last one.
export const READS_ON_STRINGS = ["app/services/sql.server.ts"];
