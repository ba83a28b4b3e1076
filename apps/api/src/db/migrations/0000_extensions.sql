-- pg_trgm for typo-tolerant search; fuzzystrmatch for edit distance. Both ship with
-- PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
