#!/usr/bin/env bash
# Installs PostgreSQL and Redis from Debian's packages when they are missing (idempotent;
# a second run only checks). n8n's queue-mode tests start their own servers from these
# binaries, on free loopback ports with data in temporary folders, so the packages' own
# services are neither needed nor started: policy-rc.d keeps apt from starting them, and
# no default PostgreSQL cluster is created.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

have_postgres() { compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null && command -v psql >/dev/null && id postgres >/dev/null 2>&1; }
have_redis() { command -v redis-server >/dev/null; }

if have_postgres && have_redis; then
  exit 0
fi

packages=()
have_postgres || packages+=(postgresql)
have_redis || packages+=(redis-server)
echo "install-queue-services: installing ${packages[*]}"

# No service starts during the install, and no cluster on port 5432.
created_policy=
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  created_policy=1
fi
mkdir -p /etc/postgresql-common/createcluster.d
echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf
trap '[ -z "$created_policy" ] || rm -f /usr/sbin/policy-rc.d' EXIT

apt-get update -q
apt-get install -y -q --no-install-recommends "${packages[@]}"
have_postgres && have_redis
echo "install-queue-services: done"
