// adviseHugePages(view) → byte offset of the first 2 MiB boundary inside the view, or -1. A view,
// not the (Shared)ArrayBuffer itself: Node 20's N-API has no call for SharedArrayBuffer memory.
//
// Why: a 1 MiB O_DIRECT request is one DMA segment per physically contiguous run of its buffer.
// Over 4 KiB pages faulted one by one it was up to 254 segments here, and virtio-blk served such
// reads at ~1.8 GB/s against ~3.9 GB/s for the same reads from huge-page memory (fio's malloc'ed
// buffer sits in between, by luck of the allocator). With THP in "madvise" mode (the usual
// default) only memory marked MADV_HUGEPAGE before it is first touched gets huge pages.
#include <stdint.h>
#include <sys/mman.h>

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
