#!/bin/sh
echo "running 4 checks"
echo "lint: ok"
echo "types: FAILED (src/cart.py:41: missing return type)"
echo "unit tests: ok (118 passed)"
echo "licence headers: FAILED (src/pricing.py has no licence header)"
echo "2 of 4 checks failed"
exit 1
