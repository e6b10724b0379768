#!/bin/sh
if [ ! -f dist/VERSION ]; then
  echo "deploy: nothing to deploy, dist/ is missing (run build.sh first)" >&2
  exit 2
fi
echo "uploading $(ls dist | wc -l | tr -d ' ') files"
echo "deployed release $(cat dist/VERSION)"
