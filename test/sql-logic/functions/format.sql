# format(f, args...), Trino's: Java's String.format over the arguments.

query
SELECT format('%s-%05d', 'a', 42), format('%.2f%%', 12.3456e0), format('%,d', 1234567), format('%x %X %o %#x', 255, -1, 8, 255)
----
a-00042	12.35%	1,234,567	ff FFFFFFFF 10 0xff

query
SELECT format('%e|%g|%G|%10.3f|%-6s|%08.2f', 12345.678e0, 0.0001234e0, 123456789e0, DECIMAL '3.14159', 'ab', -3.14159e0)
----
1.234568e+04|0.000123400|1.23457E+08|     3.142|ab    |-0003.14

# Values print as Java sees them in Trino: java.time for timestamps, exact decimals.
query
SELECT format('%s %s %s %s', DATE '2024-01-02', TIMESTAMP '2024-01-02 03:04:05.120', TIMESTAMP '2024-01-02 03:04:00', DECIMAL '12.50')
----
2024-01-02 2024-01-02T03:04:05.120 2024-01-02T03:04 12.50

query
SELECT format('%2$s %1$s %<s', 'a', 'b'), format('%b %b %c %S', NULL, 0, 65, 'x'), format('%+d|% d|%(d|%s', 5, 5, -5, NULL)
----
b a a	false true A X	+5| 5|(5)|null

statement error INVALID_FUNCTION_ARGUMENT: Invalid format string: %d (%d does not apply to a value of type double)
SELECT format('%d', 1.5e0)

statement error INVALID_FUNCTION_ARGUMENT: Invalid format string: %s %s (missing argument for %s)
SELECT format('%s %s', 1)

statement error INVALID_FUNCTION_ARGUMENT: Invalid format string: %tY (unsupported conversion %tY)
SELECT format('%tY', DATE '2024-01-01')

statement error FUNCTION_NOT_FOUND: line 1:8: Invalid number of arguments for format: 1
SELECT format('x')
