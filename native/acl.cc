// Who else may write an entry beyond what its mode bits say: a POSIX ACL (the
// system.posix_acl_access xattr) can give a named user or group write on a folder that reads
// root:root 0755 (`ls` shows drwxrwxr-x+). Root must count such a folder as one another account
// can write (issue 37, class 1). aclWrite(path) answers that for JS (core/acl.ts); AclGrantsWrite
// is also used by dirAt's link check (files.cc) on an open descriptor.
#include "addon.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>

#include <string>

namespace {

// The kernel's xattr layout (linux/posix_acl_xattr.h): a 4-byte version (2), then 8-byte entries
// {u16 tag, u16 perm, u32 id}, little-endian on every architecture.
constexpr uint32_t kAclVersion = 2;
constexpr uint16_t kUserObj = 0x01;
constexpr uint16_t kWrite = 0x02;
constexpr size_t kMaxAcl = 64 * 1024;

uint16_t Le16(const unsigned char* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }
uint32_t Le32(const unsigned char* p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
         (static_cast<uint32_t>(p[2]) << 16) | (static_cast<uint32_t>(p[3]) << 24);
}

}  // namespace

// 1 when the access ACL gives write to anyone but the owner (a named user or group, the owning
// group or the mask: "any entry or mask with write", whatever the mask then lets through), 0 when
// it gives none or there is no ACL, -1 with errno set when it cannot be read. `follow` false reads
// the entry itself (lgetxattr), as a path walk must not follow the last component.
int AclGrantsWrite(const char* path, bool follow) {
  unsigned char buf[kMaxAcl];
  ssize_t n = follow ? getxattr(path, "system.posix_acl_access", buf, sizeof buf)
                     : lgetxattr(path, "system.posix_acl_access", buf, sizeof buf);
  if (n < 0) {
    // No ACL on this entry, or a filesystem without ACLs: the mode bits say it all.
    if (errno == ENODATA || errno == ENOTSUP || errno == EOPNOTSUPP) return 0;
    return -1;
  }
  if (n < 4 || (n - 4) % 8 != 0 || Le32(buf) != kAclVersion) {
    errno = EINVAL;
    return -1;
  }
  for (ssize_t off = 4; off < n; off += 8) {
    uint16_t tag = Le16(buf + off);
    uint16_t perm = Le16(buf + off + 2);
    if (tag != kUserObj && (perm & kWrite)) return 1;
  }
  return 0;
}

// The same for an open descriptor (O_PATH ones included, which fgetxattr refuses): through
// /proc/self/fd, which names the open inode itself, never the path it was opened by.
int AclGrantsWriteFd(int fd) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  return AclGrantsWrite(path, true);
}

// aclWrite(path) -> boolean: does an ACL let another account write `path` (not followed if it is
// a link)? Throws with Node's error code when the ACL cannot be read.
napi_value AclWrite(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  std::string path = argc == 1 ? ArgString(env, argv[0]) : "";
  if (path.empty() || path.find('\0') != std::string::npos) {
    napi_throw_type_error(env, nullptr, "aclWrite: bad path");
    return nullptr;
  }
  int r = AclGrantsWrite(path.c_str(), false);
  if (r < 0) return ThrowErrno(env, errno, "getxattr", path.c_str());
  napi_value out;
  napi_get_boolean(env, r == 1, &out);
  return out;
}
