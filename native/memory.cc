// adviseHugePages(view) → byte offset of the first 2 MiB boundary inside the view, or -1. A view,
// not the (Shared)ArrayBuffer itself: Node 20's N-API has no call for SharedArrayBuffer memory.
//
// Why: a 1 MiB O_DIRECT request is one DMA segment per physically contiguous run of its buffer.
// Over 4 KiB pages faulted one by one it was up to 254 segments here, and virtio-blk served such
// reads at ~1.8 GB/s against ~3.9 GB/s for the same reads from huge-page memory (fio's malloc'ed
// buffer sits in between, by luck of the allocator). With THP in "madvise" mode (the usual
// default) only memory marked MADV_HUGEPAGE before it is first touched gets huge pages.
#include <stdint.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <vector>

#include "addon.h"

napi_value AdviseHugePages(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value arg;
  napi_get_cb_info(env, info, &argc, &arg, nullptr, nullptr);
  void* data = nullptr;
  size_t len = 0;
  napi_value out;
  napi_typedarray_type type;
  if (argc < 1 ||
      napi_get_typedarray_info(env, arg, &type, &len, &data, nullptr, nullptr) != napi_ok ||
      type != napi_uint8_array) {
    napi_throw_type_error(env, nullptr, "adviseHugePages(uint8Array)");
    return nullptr;
  }
  const uintptr_t huge = 2u << 20;
  const uintptr_t start = reinterpret_cast<uintptr_t>(data);
  const uintptr_t first = (start + huge - 1) & ~(huge - 1);
  const uintptr_t end = (start + len) & ~(huge - 1);
  int64_t offset = -1;
  if (end > first && madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE) == 0)
    offset = static_cast<int64_t>(first - start);
  napi_create_int64(env, offset, &out);
  return out;
}

// physicalRuns(view) → how many physically contiguous runs of pages hold the view (one DMA segment
// each for an O_DIRECT request), from /proc/self/pagemap; -1 where page frames are hidden (not
// root) or a page is not present. bench:fidelity prints it for both sides: on this VM a 1 MiB
// buffer's speed followed it (~35 runs: 1.4 GB/s; 256 runs, split in two requests: 0.5–0.7 GB/s).
napi_value PhysicalRuns(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value arg;
  napi_get_cb_info(env, info, &argc, &arg, nullptr, nullptr);
  void* data = nullptr;
  size_t len = 0;
  napi_typedarray_type type;
  napi_value out;
  if (argc < 1 ||
      napi_get_typedarray_info(env, arg, &type, &len, &data, nullptr, nullptr) != napi_ok ||
      type != napi_uint8_array) {
    napi_throw_type_error(env, nullptr, "physicalRuns(uint8Array)");
    return nullptr;
  }
  const uintptr_t page = 4096;
  const uintptr_t first = reinterpret_cast<uintptr_t>(data) / page;
  const uintptr_t last = (reinterpret_cast<uintptr_t>(data) + (len ? len - 1 : 0)) / page;
  int64_t runs = -1;
  int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (fd >= 0 && len > 0) {
    std::vector<uint64_t> e(last - first + 1);
    const ssize_t want = static_cast<ssize_t>(e.size() * 8);
    if (pread(fd, e.data(), want, static_cast<off_t>(first * 8)) == want) {
      runs = 0;
      uint64_t prev = 0;
      for (size_t i = 0; i < e.size(); i++) {
        const uint64_t pfn = e[i] & ((1ULL << 55) - 1);
        if (!(e[i] >> 63) || pfn == 0) {
          runs = -1;
          break;
        }
        if (i == 0 || pfn != prev + 1) runs++;
        prev = pfn;
      }
    }
  }
  if (fd >= 0) close(fd);
  napi_create_int64(env, runs, &out);
  return out;
}
