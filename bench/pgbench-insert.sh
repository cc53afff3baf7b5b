#!/usr/bin/env bash
# The machine's own limit for comparison with bench/ingest.ts (issue 14): how many single-row
# INSERTs, each its own transaction (commit waits for the WAL flush, as the app's do), this
# PostgreSQL takes per second. A message-like row with a primary key and one secondary index.
#
#   bash bench/pgbench-insert.sh [clients=8] [seconds=30]
set -euo pipefail
clients="${1:-8}"
seconds="${2:-30}"
admin_url="${BENCH_ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
db="inbox_bench_pgbench"
db_url="${admin_url%/*}/${db}"
script="$(mktemp)"
trap 'rm -f "$script"' EXIT

psql -q "$admin_url" -c "DROP DATABASE IF EXISTS ${db}" -c "CREATE DATABASE ${db}"
psql -q "$db_url" -c "CREATE TABLE rows (id bigserial PRIMARY KEY, company_id int NOT NULL, ticket_id int NOT NULL,
  body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())" \
  -c "CREATE INDEX rows_ticket_idx ON rows (company_id, ticket_id, created_at)"
cat > "$script" <<'SQL'
\set company random(1, 100)
\set ticket random(1, 100000)
INSERT INTO rows (company_id, ticket_id, body) VALUES (:company, :ticket, 'mensagem de um cliente sobre um pedido');
SQL
# -M prepared: the server plans once per connection, as a driver with prepared statements would.
pgbench -n -M prepared -c "$clients" -j 2 -T "$seconds" -f "$script" "$db_url" | grep -E "tps|latency|number of transactions"
psql -q "$admin_url" -c "DROP DATABASE ${db}"
