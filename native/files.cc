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

namespace {

enum Op { OP_CREATE = 0, OP_STAT = 1, OP_UNLINK = 2, OP_DROP = 3 };

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

}  // namespace

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
