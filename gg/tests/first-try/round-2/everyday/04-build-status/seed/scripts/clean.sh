#!/bin/sh
rm -rf dist
echo "cleaned"
