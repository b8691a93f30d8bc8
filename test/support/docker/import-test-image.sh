#!/usr/bin/env bash
# Builds the test image jarvis-test/host-usr:1 on the Docker engine at DOCKER_HOST: an empty root whose bin,
# lib, lib64 and sbin are symlinks into /usr (containers bind the host's /usr read-only), WORKDIR /app.
# No registry is needed. test/support/container-image.ts describes the same image for the local runtime.
set -euo pipefail
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{usr,app,tmp,root,etc}
for d in bin lib lib64 sbin; do ln -s "usr/$d" "$root/$d"; done
chmod 1777 "$root/tmp"
tar -C "$root" -c . | docker import --change 'WORKDIR /app' - jarvis-test/host-usr:1 >/dev/null
echo "imported jarvis-test/host-usr:1"
