#!/bin/sh
# After remove: the .deb's postrm and the .rpm's %postun (electron-builder's afterRemove).
# On an upgrade or a reinstall rpm runs the OLD package's %postun after the NEW package's %post,
# with $1 = the number of copies that stay installed (1 or more), and dpkg calls postrm with
# "upgrade". Taking the link away then removed the one the new package had just made
# (electron-builder issue 7326: no /usr/bin/drivewise-app after `dnf upgrade` or a reinstall).
# So only a real removal ($1 = 0 for rpm, remove or abort-install for dpkg) cleans up.
case "$1" in
  0 | remove | abort-install) ;;
  *) exit 0 ;;
esac

if command -v update-alternatives >/dev/null 2>&1; then
  update-alternatives --remove drivewise-app /opt/Drivewise/drivewise-app >/dev/null 2>&1 || true
fi
# The plain link of a machine without update-alternatives (or a hand-made one) goes too.
if [ -L /usr/bin/drivewise-app ] && [ "$(readlink /usr/bin/drivewise-app)" = /opt/Drivewise/drivewise-app ]; then
  rm -f /usr/bin/drivewise-app
fi

if [ -f /etc/apparmor.d/drivewise-app ]; then
  # Unloaded before the file goes, so the policy is not left in force until a reboot.
  if apparmor_status --enabled >/dev/null 2>&1 && ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; } &&
    command -v apparmor_parser >/dev/null 2>&1; then
    apparmor_parser --remove /etc/apparmor.d/drivewise-app || true
  fi
  rm -f /etc/apparmor.d/drivewise-app
fi
exit 0
