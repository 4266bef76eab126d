// dirAt (below): folders opened one component at a time with O_NOFOLLOW and files made, linked,
// renamed and removed relative to them, so root's outputs never follow a swapped path.
// fileBatch(op, dirFd, names, width, from, to): for names[from..to) — fixed-width, NUL-padded
// records in one Buffer, laid out before the clock starts — create (open O_CREAT|O_EXCL, 0600,
// then close, as bonnie++ does), stat or unlink relative to the open directory dirFd, or drop a
// file's cached pages without root (op 3: fdatasync, then posix_fadvise DONTNEED: a dirty page
// cannot be dropped, so the data goes to the disk first). Runs on the calling thread: the engine
// calls it in batches from its own process and times each batch.
#include "addon.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

napi_value ThrowErrno(napi_env env, int err, const char* op, const char* name) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
  const char* code = strerrorname_np(err);
#else
  const char* code = nullptr;
#endif
  if (!code) code = "EIO";
  // Node's wording, so callers' error texts read the same as for fs.*Sync.
  std::string text = std::string(code) + ": " + strerror(err) + ", " + op + " '" + name + "'";
  napi_value msg, c, e;
  napi_create_string_utf8(env, text.c_str(), text.size(), &msg);
  napi_create_string_utf8(env, code, NAPI_AUTO_LENGTH, &c);
  napi_create_error(env, c, msg, &e);
  napi_set_named_property(env, e, "code", c);
  napi_throw(env, e);
  return nullptr;
}

namespace {

enum Op { OP_CREATE = 0, OP_STAT = 1, OP_UNLINK = 2, OP_DROP = 3 };

// O_PATH: walking a folder needs only search (x) permission on it, as a path lookup does; a
// folder on the way that the user may enter but not list (a 0711 home) refused O_RDONLY.
constexpr int kOpenDir = O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
constexpr int kMaxLinks = 40;  // the kernel's own limit (MAXSYMLINKS)

void PushParts(std::vector<std::string>& todo, const std::string& path) {
  // Pushed in reverse: todo is a stack, its back is the next component.
  size_t end = path.size();
  while (end > 0) {
    size_t start = path.rfind('/', end - 1);
    size_t from = start == std::string::npos ? 0 : start + 1;
    if (end > from) todo.push_back(path.substr(from, end - from));
    if (start == std::string::npos) break;
    end = start;
  }
}

// A symlink in the folder open as `dir` may be followed only if nobody but root or this process's
// user could have put it there: the folder is theirs and writable by nobody else (no group or
// other write bit, no ACL entry with write), or it is sticky and the link is theirs. Anything else is a link another account can re-aim between two calls.
bool TrustedLink(int dir, const struct stat& link) {
  struct stat d;
  if (fstat(dir, &d) < 0) return false;
  uid_t me = geteuid();
  auto ours = [me](uid_t u) { return u == 0 || u == me; };
  if (!ours(d.st_uid)) return false;
  // Any group write counts as another account's (root's group included: its members need not be
  // root), except a user's own (private) group when the user is not root. An ACL entry with write
  // counts the same, and one that cannot be read is taken to give it.
  bool group_ok = !(d.st_mode & S_IWGRP) || (me != 0 && d.st_gid == getegid());
  if (group_ok && !(d.st_mode & S_IWOTH) && AclGrantsWriteFd(dir) == 0) return true;
  return (d.st_mode & S_ISVTX) && ours(link.st_uid);
}

// Opens the folder `path` (absolute) one component at a time, each relative to the previous one's
// descriptor with O_NOFOLLOW, so that no folder on the way can be swapped for a link to elsewhere
// between the check and the open. Trusted links (above) are read and followed; others refused.
int WalkDir(napi_env env, const std::string& path) {
  std::vector<std::string> todo;
  PushParts(todo, path);
  int fd = open("/", kOpenDir);
  if (fd < 0) return (ThrowErrno(env, errno, "open", "/"), -1);
  std::string seen;
  int links = 0;
  while (!todo.empty()) {
    std::string c = todo.back();
    todo.pop_back();
    if (c == ".") continue;
    int next = openat(fd, c.c_str(), kOpenDir);
    // An entry exchanged for a link and back between openat and fstatat below: look again.
    for (int again = 0; next < 0 && (errno == ENOTDIR || errno == ELOOP) && again < 8; again++) {
      struct stat now;
      if (fstatat(fd, c.c_str(), &now, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(now.st_mode)) break;
      next = openat(fd, c.c_str(), kOpenDir);
    }
    if (next >= 0) {
      close(fd);
      fd = next;
      seen += "/" + c;
      continue;
    }
    int err = errno;
    struct stat st;
    std::string at = seen + "/" + c;
    if (fstatat(fd, c.c_str(), &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISLNK(st.st_mode)) {
      close(fd);
      bool flip = (err == ENOTDIR || err == ELOOP) && S_ISDIR(st.st_mode);
      return (ThrowErrno(env, flip ? EAGAIN : err, "open", at.c_str()), -1);
    }
    if (!TrustedLink(fd, st)) {
      close(fd);
      std::string text = at + " is a symbolic link in a folder another account can change";
      napi_value msg, code, e;
      napi_create_string_utf8(env, text.c_str(), text.size(), &msg);
      napi_create_string_utf8(env, "EUNTRUSTEDLINK", NAPI_AUTO_LENGTH, &code);
      napi_create_error(env, code, msg, &e);
      napi_set_named_property(env, e, "code", code);
      napi_throw(env, e);
      return -1;
    }
    char buf[4096];
    ssize_t n = readlinkat(fd, c.c_str(), buf, sizeof buf);
    if (n <= 0 || n >= static_cast<ssize_t>(sizeof buf) || ++links > kMaxLinks) {
      close(fd);
      return (ThrowErrno(env, n < 0 ? errno : ELOOP, "readlink", at.c_str()), -1);
    }
    std::string target(buf, n);
    PushParts(todo, target);
    if (target[0] == '/') {
      close(fd);
      fd = open("/", kOpenDir);
      if (fd < 0) return (ThrowErrno(env, errno, "open", "/"), -1);
      seen.clear();
    }
  }
  // The folder itself reopened for reading through its own descriptor ("." cannot be swapped),
  // so it can be fsync'd; where it may be written but not read, the O_PATH one serves the *at calls.
  int rd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (rd >= 0) {
    close(fd);
    fd = rd;
  }
  return fd;
}

bool PlainName(const std::string& n) {
  return !n.empty() && n != "." && n != ".." && n.find('/') == std::string::npos &&
         n.find('\0') == std::string::npos;
}

enum AtOp { AT_OPEN_DIR = 0, AT_OPEN = 1, AT_LINK = 2, AT_RENAME = 3, AT_UNLINK = 4, AT_LSTAT = 5 };

}  // namespace

// dirAt(op, dirFd, name, name2, flags, mode) -> number:
//   0 open the folder at absolute path `name` (see WalkDir) -> its descriptor;
//   1 openat(dirFd, name, flags | O_NOFOLLOW | O_CLOEXEC, mode) -> descriptor;
//   2 linkat(dirFd, name, dirFd, name2) and 3 renameat(dirFd, name, dirFd, name2) -> 0;
//   4 unlinkat(dirFd, name) -> 0; 5 fstatat(dirFd, name, AT_SYMLINK_NOFOLLOW) -> st_mode.
// Names for 1-5 are single components. Errors throw with Node's `code` (ENOENT, EEXIST, ...).
napi_value DirAt(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  int32_t op = -1, dir = -1, flags = 0, mode = 0;
  if (argc == 6) {
    napi_get_value_int32(env, argv[0], &op);
    napi_get_value_int32(env, argv[1], &dir);
    napi_get_value_int32(env, argv[4], &flags);
    napi_get_value_int32(env, argv[5], &mode);
  }
  std::string a = argc == 6 ? ArgString(env, argv[2]) : "";
  std::string b = argc == 6 ? ArgString(env, argv[3]) : "";
  bool two = op == AT_LINK || op == AT_RENAME;
  bool ok = op == AT_OPEN_DIR ? !a.empty() && a[0] == '/' && a.find('\0') == std::string::npos
                              : op > AT_OPEN_DIR && op <= AT_LSTAT && dir >= 0 && PlainName(a) &&
                                    (!two || PlainName(b));
  if (!ok) {
    napi_throw_type_error(env, nullptr, "dirAt: bad arguments");
    return nullptr;
  }
  long long r = 0;
  int err = 0;
  if (op == AT_OPEN_DIR) {
    r = WalkDir(env, a);
    if (r < 0) return nullptr;  // thrown
  } else if (op == AT_OPEN) {
    r = openat(dir, a.c_str(), flags | O_NOFOLLOW | O_CLOEXEC, static_cast<mode_t>(mode));
  } else if (op == AT_LINK) {
    r = linkat(dir, a.c_str(), dir, b.c_str(), 0);
  } else if (op == AT_RENAME) {
    r = renameat(dir, a.c_str(), dir, b.c_str());
  } else if (op == AT_UNLINK) {
    r = unlinkat(dir, a.c_str(), 0);
  } else {
    struct stat st;
    r = fstatat(dir, a.c_str(), &st, AT_SYMLINK_NOFOLLOW);
    if (r == 0) r = st.st_mode;
  }
  if (r < 0) {
    err = errno;
    return ThrowErrno(env, err, op == AT_OPEN ? "open" : op == AT_LINK ? "link"
                               : op == AT_RENAME ? "rename" : op == AT_UNLINK ? "unlink" : "lstat",
                      a.c_str());
  }
  napi_value out;
  napi_create_int64(env, r, &out);
  return out;
}

napi_value FileBatch(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  if (argc < 6) {
    napi_throw_type_error(env, nullptr, "fileBatch(op, dirFd, names, width, from, to)");
    return nullptr;
  }
  int32_t op = 0, dir = -1;
  uint32_t width = 0, from = 0, to = 0;
  void* data = nullptr;
  size_t len = 0;
  napi_get_value_int32(env, argv[0], &op);
  napi_get_value_int32(env, argv[1], &dir);
  bool ok = napi_get_buffer_info(env, argv[2], &data, &len) == napi_ok;
  napi_get_value_uint32(env, argv[3], &width);
  napi_get_value_uint32(env, argv[4], &from);
  napi_get_value_uint32(env, argv[5], &to);
  if (!ok || op < OP_CREATE || op > OP_DROP || dir < 0 || width < 2 || from > to ||
      static_cast<size_t>(to) * width > len) {
    napi_throw_type_error(env, nullptr, "fileBatch: bad arguments");
    return nullptr;
  }
  const char* base = static_cast<const char*>(data);
  struct stat st;
  for (uint32_t i = from; i < to; i++) {
    const char* name = base + static_cast<size_t>(i) * width;
    if (op == OP_CREATE) {
      int fd = openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      if (fd < 0) return ThrowErrno(env, errno, "open", name);
      close(fd);
    } else if (op == OP_DROP) {
      // Read-only, never following a symlink: only the page cache of a regular file changes.
      int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0) return ThrowErrno(env, errno, "open", name);
      int err = 0;
      if (fstat(fd, &st) < 0) err = errno;
      else if (!S_ISREG(st.st_mode)) err = EINVAL;
      else if (fdatasync(fd) < 0) err = errno;
      else err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
      close(fd);
      if (err) return ThrowErrno(env, err, "fadvise", name);
    } else if (op == OP_STAT) {
      if (fstatat(dir, name, &st, 0) < 0) return ThrowErrno(env, errno, "stat", name);
    } else if (unlinkat(dir, name, 0) < 0) {
      return ThrowErrno(env, errno, "unlink", name);
    }
  }
  return nullptr;
}
