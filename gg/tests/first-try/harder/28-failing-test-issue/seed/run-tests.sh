#!/bin/sh
# The project's test suite (a stand-in): four tests, one failing.
echo "running 4 tests"
echo "test parse_empty ... ok"
echo "test parse_nested ... ok"
echo "test render_unicode ... FAILED"
echo "test render_plain ... ok"
echo
echo "failures:"
echo "    render_unicode: expected 'é', got '?'"
echo "test result: FAILED. 3 passed; 1 failed"
exit 1
