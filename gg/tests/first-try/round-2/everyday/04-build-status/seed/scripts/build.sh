#!/bin/sh
echo "compiling 12 modules"
echo "linking app"
echo "packing assets"
echo "error: missing icon assets/icon-512.png"
exit 3
