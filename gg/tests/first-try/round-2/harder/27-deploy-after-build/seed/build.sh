#!/bin/sh
mkdir -p dist
cp src/*.js dist/
cp VERSION dist/VERSION
echo "built $(ls src/*.js | wc -l | tr -d ' ') files"
