# The session's user, catalog and schema, and the server's version, as Trino's CURRENT_USER,
# CURRENT_CATALOG, CURRENT_SCHEMA (with or without parentheses) and version().

query
SELECT current_user, current_catalog, current_schema, current_catalog() = current_catalog
----
test	tpch	tiny	true

query
SELECT version() = '0.1.0', typeof(version())
----
true	varchar

statement error FUNCTION_NOT_FOUND: line 1:8: Invalid number of arguments for version: 1
SELECT version(1)
