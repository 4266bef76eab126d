#!/bin/sh
# After install: the .deb's postinst and the .rpm's %post (electron-builder's afterInstall).
# Drivewise's own instead of electron-builder's template: POSIX sh, because rpm runs %post with
# /bin/sh whatever the first line says, and paired with after-remove.sh, which takes the link
# away only on a real removal. It runs on every install, upgrade and reinstall, so everything
# here is made again each time.
app=/opt/Drivewise/drivewise-app
link=/usr/bin/drivewise-app

if command -v update-alternatives >/dev/null 2>&1; then
  # A plain link made by hand (an older package) gives way to the alternative.
  if [ -L "$link" ] && [ "$(readlink "$link")" != /etc/alternatives/drivewise-app ]; then
    rm -f "$link"
  fi
  update-alternatives --install "$link" drivewise-app "$app" 100 || ln -sf "$app" "$link"
else
  ln -sf "$app" "$link"
fi

# Chromium's setuid sandbox helper only where the kernel gives no user namespaces.
if [ -L /proc/self/ns/user ] && unshare --user true 2>/dev/null; then
  chmod 0755 /opt/Drivewise/chrome-sandbox || true
else
  chmod 4755 /opt/Drivewise/chrome-sandbox || true
fi

if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database -q /usr/share/applications || true
fi

# Ubuntu 24.04 lets only programs with an AppArmor profile make user namespaces (Chromium's
# sandbox): install the profile electron-builder writes, where this AppArmor can parse it, and
# load it unless we are in a chroot (an image being built).
if apparmor_status --enabled >/dev/null 2>&1; then
  profile=/opt/Drivewise/resources/apparmor-profile
  if apparmor_parser --skip-kernel-load --debug "$profile" >/dev/null 2>&1; then
    cp -f "$profile" /etc/apparmor.d/drivewise-app
    if ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; } && command -v apparmor_parser >/dev/null 2>&1; then
      apparmor_parser --replace --write-cache --skip-read-cache /etc/apparmor.d/drivewise-app || true
    fi
  else
    echo "Drivewise: this AppArmor cannot parse the bundled profile; it was not installed"
  fi
fi
exit 0
