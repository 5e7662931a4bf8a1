-- Explore Districts' title search (issue 16 bench: ilike '%…%' read every listed district, 137 ms p99
-- at 10,000): the words of title and subdomain in a GIN index over the listed districts. Full-text
-- search is core PostgreSQL, so it works the same on PGlite (pg_trgm would have to be loaded into
-- PGlite at start, and need contrib and a schema of its own on PostgreSQL).
CREATE INDEX "districts_explore_search_idx" ON "districts" USING gin (to_tsvector('simple', "title" || ' ' || "subdomain")) WHERE "public" and "listed" and not "hidden";
