// removeTree(parent, name, uid, mode, last?): deletes the folder `name` inside `parent` without ever
// following a symlink or leaving the folder's filesystem, even while another user swaps entries
// for symlinks (Drivewise runs as root in shared folders such as /tmp). Every level is opened
// relative to its parent's descriptor with O_NOFOLLOW|O_DIRECTORY, every entry is examined with
// fstatat(AT_SYMLINK_NOFOLLOW) and removed with unlinkat, so no path is ever resolved again
// once a level is open: a symlink planted in between is itself unlinked, never entered.
//
// The top folder must be a real directory on the parent's filesystem; uid >= 0 and mode >= 0
// additionally require that owner and those permission bits (checked on the open descriptor).
// `last` names a top-level entry removed only once everything else is gone.
// Returns { state: 'removed' | 'gone' | 'refused' | 'partial', reason, kept: [relative paths] }.
#include "addon.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

constexpr int kMaxDepth = 128;
constexpr int kPasses = 4;
constexpr int kOpenDir = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// The mount an entry lives on: st_dev alone misses bind mounts of the same filesystem.
long long MountId(int dirfd, const char* name) {
#ifdef STATX_MNT_ID
  struct statx sx;
  if (statx(dirfd, name, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH, STATX_MNT_ID, &sx) == 0 &&
      (sx.stx_mask & STATX_MNT_ID))
    return static_cast<long long>(sx.stx_mnt_id);
#endif
  (void)dirfd;
  (void)name;
  return -1;
}

struct Walk {
  dev_t dev;
  long long mnt;
  // Removed from the top level only once everything else is gone (the owner record, so that a
  // folder that could not be emptied is still recognised, and retried, by the next sweep).
  std::string last;
  std::vector<std::string> kept;
  void Keep(const std::string& rel, const char* why) { kept.push_back(rel + " (" + why + ")"); }
};

std::vector<std::string> Names(int fd) {
  std::vector<std::string> out;
  int dup_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (dup_fd < 0) return out;
  DIR* d = fdopendir(dup_fd);
  if (!d) {
    close(dup_fd);
    return out;
  }
  rewinddir(d);
  while (dirent* e = readdir(d)) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    out.emplace_back(e->d_name);
  }
  closedir(d);
  return out;
}

// Empties the directory open as `fd`; true when nothing is left in it.
bool Empty(Walk& w, int fd, const std::string& rel, int depth) {
  for (int pass = 0; pass < kPasses; pass++) {
    std::vector<std::string> names = Names(fd);
    if (depth == 0 && !w.last.empty()) {
      names.erase(std::remove(names.begin(), names.end(), w.last), names.end());
      if (names.empty()) break;
    }
    if (names.empty()) return true;
    bool last = pass == kPasses - 1;
    for (const std::string& name : names) {
      std::string sub = rel.empty() ? name : rel + "/" + name;
      struct stat st;
      if (fstatat(fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) < 0) continue;  // already gone
      if (!S_ISDIR(st.st_mode)) {
        // Files, symlinks, FIFOs, sockets, devices: unlink removes the entry, never a target.
        if (unlinkat(fd, name.c_str(), 0) < 0 && errno != ENOENT && last) w.Keep(sub, strerror(errno));
        continue;
      }
      if (st.st_dev != w.dev || (w.mnt >= 0 && MountId(fd, name.c_str()) != w.mnt)) {
        if (last) w.Keep(sub, "another filesystem is mounted there");
        continue;
      }
      if (depth >= kMaxDepth) {
        if (last) w.Keep(sub, "nested too deep");
        continue;
      }
      int child = openat(fd, name.c_str(), kOpenDir);
      if (child < 0) continue;  // swapped for a symlink or file since fstatat: next pass
      struct stat cst;
      // The entry changed between fstatat and openat (a different directory moved in): skip.
      if (fstat(child, &cst) < 0 || cst.st_dev != w.dev || cst.st_ino != st.st_ino) {
        close(child);
        if (last) w.Keep(sub, "changed while being removed");
        continue;
      }
      Empty(w, child, sub, depth + 1);
      close(child);
      if (unlinkat(fd, name.c_str(), AT_REMOVEDIR) < 0 && errno != ENOENT && last &&
          errno != ENOTEMPTY && errno != EEXIST)
        w.Keep(sub, strerror(errno));
    }
  }
  std::vector<std::string> left = Names(fd);
  if (depth == 0 && !w.last.empty() && left.size() == 1 && left[0] == w.last) {
    if (unlinkat(fd, w.last.c_str(), 0) == 0 || errno == ENOENT) return true;
    w.Keep(w.last, strerror(errno));
  }
  return left.empty();
}

napi_value Str(napi_env env, const std::string& s) {
  napi_value v;
  napi_create_string_utf8(env, s.c_str(), s.size(), &v);
  return v;
}

napi_value Result(napi_env env, const char* state, const std::string& reason,
                  const std::vector<std::string>& kept) {
  napi_value out, arr;
  napi_create_object(env, &out);
  napi_set_named_property(env, out, "state", Str(env, state));
  napi_set_named_property(env, out, "reason", Str(env, reason));
  napi_create_array_with_length(env, kept.size(), &arr);
  for (size_t i = 0; i < kept.size(); i++) napi_set_element(env, arr, i, Str(env, kept[i]));
  napi_set_named_property(env, out, "kept", arr);
  return out;
}

}  // namespace

std::string ArgString(napi_env env, napi_value v) {
  size_t len = 0;
  if (napi_get_value_string_utf8(env, v, nullptr, 0, &len) != napi_ok) return "";
  std::string s(len, '\0');
  napi_get_value_string_utf8(env, v, &s[0], len + 1, &len);
  return s;
}

napi_value RemoveTree(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  if (argc < 4) {
    napi_throw_type_error(env, nullptr, "removeTree(parent, name, uid, mode)");
    return nullptr;
  }
  std::string parent = ArgString(env, argv[0]);
  std::string name = ArgString(env, argv[1]);
  int32_t uid = -1, mode = -1;
  napi_get_value_int32(env, argv[2], &uid);
  napi_get_value_int32(env, argv[3], &mode);
  std::string keep_last = argc >= 5 ? ArgString(env, argv[4]) : "";
  if (parent.empty() || name.empty() || name == "." || name == ".." ||
      name.find('/') != std::string::npos || name.find('\0') != std::string::npos) {
    napi_throw_type_error(env, nullptr, "removeTree: bad parent or name");
    return nullptr;
  }
  std::vector<std::string> none;
  int pfd = open(parent.c_str(), kOpenDir & ~O_NOFOLLOW);
  if (pfd < 0) return Result(env, errno == ENOENT ? "gone" : "refused", strerror(errno), none);
  struct stat pst, st, tst;
  if (fstat(pfd, &pst) < 0 || fstatat(pfd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) < 0) {
    int err = errno;
    close(pfd);
    return Result(env, err == ENOENT ? "gone" : "refused", strerror(err), none);
  }
  const char* refusal = nullptr;
  if (S_ISLNK(st.st_mode)) refusal = "a symlink";
  else if (!S_ISDIR(st.st_mode)) refusal = "not a directory";
  else if (st.st_dev != pst.st_dev || MountId(pfd, name.c_str()) != MountId(pfd, ""))
    refusal = "a mount point";
  if (refusal) {
    close(pfd);
    return Result(env, "refused", refusal, none);
  }
  int fd = openat(pfd, name.c_str(), kOpenDir);
  if (fd < 0) {
    int err = errno;
    close(pfd);
    return Result(env, err == ENOENT ? "gone" : "refused",
                  err == ELOOP || err == ENOTDIR ? "swapped while being checked" : strerror(err),
                  none);
  }
  if (fstat(fd, &tst) < 0 || tst.st_dev != st.st_dev || tst.st_ino != st.st_ino)
    refusal = "swapped while being checked";
  else if (uid >= 0 && tst.st_uid != static_cast<uid_t>(uid))
    refusal = "owned by another user";
  else if (mode >= 0 && (tst.st_mode & 07777) != static_cast<mode_t>(mode))
    refusal = "permissions are not the ones Drivewise sets";
  if (refusal) {
    close(fd);
    close(pfd);
    return Result(env, "refused", refusal, none);
  }
  Walk w{tst.st_dev, MountId(fd, ""), keep_last, {}};
  bool empty = Empty(w, fd, "", 0);
  close(fd);
  // Remove the top only if it is still the folder that was emptied.
  struct stat now;
  bool same = fstatat(pfd, name.c_str(), &now, AT_SYMLINK_NOFOLLOW) == 0 &&
              now.st_dev == tst.st_dev && now.st_ino == tst.st_ino;
  std::string reason;
  bool removed = false;
  if (empty && same) {
    removed = unlinkat(pfd, name.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT;
    if (!removed) reason = strerror(errno);
  } else if (!same) {
    reason = "swapped while being removed";
  } else {
    reason = "could not empty it";
  }
  close(pfd);
  return Result(env, removed ? "removed" : "partial", reason, w.kept);
}
