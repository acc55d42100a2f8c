#!/bin/sh
# The Debian packages the web tests use — PostgreSQL, Redis and Chromium — installed when missing,
# once, before the test run (`make test` calls this).  The tests start their own servers and
# browser from these binaries; each fixture would also install its package, but doing it here in
# one apt-get call keeps parallel test workers from waiting on dpkg's lock.
need=""
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need="$need postgresql"
[ -x /usr/bin/redis-server ] || need="$need redis-server"
[ -x /usr/bin/chromium ] || need="$need chromium"
[ -z "$need" ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-services: missing$need and cannot apt-get here; the web tests will try" >&2
  exit 0
fi
echo "ensure-services: apt-get install$need" >&2
export DEBIAN_FRONTEND=noninteractive
opts="-y -q --no-install-recommends -o DPkg::Lock::Timeout=600"
apt-get install $opts $need >/dev/null || { apt-get update -q >/dev/null && apt-get install $opts $need >/dev/null; }
