// Deep-queue O_DIRECT I/O the way fio's libaio engine does it: one thread keeps `qd` requests in
// flight through Linux native AIO and submits each request on its own (fio's default
// iodepth_batch_submit=1). io_uring from libuv submits batches, which the block layer merges
// (adjacent 1 MiB reads became 2-3.5 MiB requests), halving the queue depth the drive sees.
// Runs off the JS thread (napi async work); a shared Int32Array carries stop and progress.
// runPsync does queue depth 1 the way fio's psync engine does: pread/pwrite in a loop in one
// thread, timed around each call. From JS each call cost ~3 µs more (the fs binding, two hrtime
// reads): 0.88× fio's RND 4K Q1 on a memory-backed device, and more on fast NVMe drives.
#include <errno.h>
#include <linux/aio_abi.h>
#include <node_api.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "addon.h"

namespace {

// Control words shared with JS: [0] stop flag (JS sets 1), [1] completed ops (we add).
enum { CTL_STOP = 0, CTL_OPS = 1 };

// The measured completions' rate as the least-squares slope of their count over time, in Welford's
// stable form (engine/methods/rate-fit.ts says why: a throttle's 100 ms releases made a count over
// 0.6 s read 75.0 or 87.5 MB/s).
struct RateFit {
  double n = 0, mean_t = 0, mean_c = 0, co = 0, var_t = 0;
  void add(double t, double c) {
    n += 1;
    const double dt = t - mean_t;
    mean_t += dt / n;
    mean_c += (c - mean_c) / n;
    co += dt * (c - mean_c);
    var_t += dt * (t - mean_t);
  }
  // Below three points, or with all at one time: none (JS falls back to the count over time).
  double rate() const { return n >= 3 && var_t > 0 && co > 0 ? co / var_t : -1; }
};

struct Job {
  int fd = -1;
  bool write = false;
  bool seq = true;
  uint64_t bs = 0;
  uint32_t qd = 1;
  double seconds = 0;
  // Warm-up before the measured seconds, in the same queue (fio's ramp_time): nothing completed
  // in it counts, and the queue is not drained and refilled between the two.
  double ramp = 0;
  uint64_t blocks = 0;
  uint32_t seed = 1;
  std::vector<char*> bufs;
  int32_t* ctl = nullptr;
  bool psync = false;
  double* lat = nullptr;  // per-request latencies (µs), psync only; the first lat_cap are kept
  uint64_t lat_cap = 0;
  // results
  uint64_t ops = 0;
  double elapsed = 0;
  RateFit fit;
  double lat_sum_us = 0;
  int err = 0;
  std::string what;
  napi_ref keep = nullptr;  // buffers and control array stay alive while the thread uses them
  napi_deferred deferred = nullptr;
  napi_async_work work = nullptr;
};

double now_s() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

uint32_t xorshift(uint32_t& x) {
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return x;
}

// fio's default scramble_buffers=1 before every write (io_u.c small_content_scramble): in each
// 512-byte block, the block's file offset into one of the first eight cache lines and the issue
// time into the end of the first. It keeps a deduplicating drive from storing one block for many;
// it also costs what fio pays per write (SEQ 1M Q1 write ~20 % here), so figures compare.
void scramble(char* p, uint64_t len, uint64_t offset) {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  const uint64_t line = (static_cast<uint64_t>(now.tv_nsec) ^ offset) & 7;
  const uint64_t t[2] = {static_cast<uint64_t>(now.tv_sec), static_cast<uint64_t>(now.tv_nsec)};
  for (uint64_t b = 0; b + 512 <= len; b += 512) {
    const uint64_t at = offset + b;
    memcpy(p + b + (line << 6), &at, 8);
    memcpy(p + b + 64 - 16, t, 16);
  }
}

// Queue depth 1, synchronous: one request at a time, the next as soon as the last returned.
void ExecutePsync(Job& j) {
  uint64_t cursor = 0;
  uint32_t rnd = j.seed ? j.seed : 1;
  char* buf = j.bufs[0];
  double t0 = now_s();
  const double ramp_end = t0 + j.ramp;
  // Moved to the warm-up's real end: a request that stalls past it must not eat the measured time.
  double deadline = ramp_end + j.seconds;
  bool ramping = j.ramp > 0;
  double t = t0;
  while (t < deadline && !__atomic_load_n(&j.ctl[CTL_STOP], __ATOMIC_RELAXED)) {
    const uint64_t block = j.seq ? (cursor++ % j.blocks) : (xorshift(rnd) % j.blocks);
    const off_t pos = static_cast<off_t>(block * j.bs);
    if (j.write) scramble(buf, j.bs, static_cast<uint64_t>(pos));
    const double s = now_s();
    const ssize_t n = j.write ? pwrite(j.fd, buf, j.bs, pos) : pread(j.fd, buf, j.bs, pos);
    t = now_s();
    if (n != static_cast<ssize_t>(j.bs)) {
      j.err = n < 0 ? errno : EIO;
      j.what = n < 0 ? (j.write ? "write" : "read") : "short transfer";
      break;
    }
    if (ramping) {
      // The request that ends the warm-up is the warm-up's: the clock starts as it returns.
      if (t >= ramp_end) {
        ramping = false;
        t0 = t;
        deadline = t + j.seconds;
      }
      continue;
    }
    const double us = (t - s) * 1e6;
    if (j.lat && j.ops < j.lat_cap) j.lat[j.ops] = us;
    j.lat_sum_us += us;
    j.ops++;
    j.fit.add(t - t0, static_cast<double>(j.ops));
    __atomic_add_fetch(&j.ctl[CTL_OPS], 1, __ATOMIC_RELAXED);
  }
  j.elapsed = t - t0;
}

void Execute(napi_env, void* data) {
  Job& j = *static_cast<Job*>(data);
  if (j.psync) return ExecutePsync(j);
  aio_context_t ctx = 0;
  if (syscall(SYS_io_setup, j.qd, &ctx) < 0) {
    j.err = errno;
    j.what = "io_setup";
    return;
  }
  std::vector<iocb> cbs(j.qd);
  std::vector<double> started(j.qd);
  std::vector<io_event> events(j.qd);
  uint64_t cursor = 0;
  uint32_t rnd = j.seed ? j.seed : 1;
  auto next_offset = [&]() -> uint64_t {
    uint64_t block = j.seq ? (cursor++ % j.blocks) : (xorshift(rnd) % j.blocks);
    return block * j.bs;
  };
  auto submit = [&](uint32_t slot) -> bool {
    iocb& cb = cbs[slot];
    memset(&cb, 0, sizeof cb);
    cb.aio_data = slot;
    cb.aio_fildes = j.fd;
    cb.aio_lio_opcode = j.write ? IOCB_CMD_PWRITE : IOCB_CMD_PREAD;
    cb.aio_buf = reinterpret_cast<uint64_t>(j.bufs[slot]);
    cb.aio_nbytes = j.bs;
    cb.aio_offset = next_offset();
    if (j.write) scramble(j.bufs[slot], j.bs, cb.aio_offset);
    iocb* p = &cb;
    started[slot] = now_s();
    for (;;) {
      long r = syscall(SYS_io_submit, ctx, 1, &p);
      if (r == 1) return true;
      if (r < 0 && errno == EAGAIN) continue;
      j.err = r < 0 ? errno : EIO;
      j.what = "io_submit";
      return false;
    }
  };
  double t0 = now_s();
  const double ramp_end = t0 + j.ramp;
  // Moved to the warm-up's real end, as in ExecutePsync.
  double deadline = ramp_end + j.seconds;
  bool ramping = j.ramp > 0;
  uint32_t inflight = 0;
  bool stopping = false;
  double t_end = t0;
  for (uint32_t s = 0; s < j.qd; s++) {
    if (!submit(s)) {
      stopping = true;
      break;
    }
    inflight++;
  }
  while (inflight > 0) {
    timespec timeout = {0, 100 * 1000 * 1000};
    long n = syscall(SYS_io_getevents, ctx, 1, (long)j.qd, events.data(), &timeout);
    if (n < 0) {
      if (errno == EINTR) continue;
      j.err = errno;
      j.what = "io_getevents";
      break;
    }
    const double t = now_s();
    // Completions up to the end of the warm-up are its own; the clock starts at the first
    // reap after it, with the queue still full, and runs the measured seconds from there (a
    // stall across the warm-up's end once left a measured window of 2 ms).
    const bool warm_up = ramping;
    if (ramping && t >= ramp_end) {
      ramping = false;
      t0 = t;
      t_end = t;
      deadline = t + j.seconds;
    }
    if (t >= deadline || __atomic_load_n(&j.ctl[CTL_STOP], __ATOMIC_RELAXED)) stopping = true;
    for (long i = 0; i < n; i++) {
      const uint32_t slot = static_cast<uint32_t>(events[i].data);
      inflight--;
      if (events[i].res != static_cast<int64_t>(j.bs)) {
        if (!j.err) {
          j.err = events[i].res < 0 ? static_cast<int>(-events[i].res) : EIO;
          j.what = events[i].res < 0 ? (j.write ? "write" : "read") : "short transfer";
        }
        stopping = true;
        continue;
      }
      if (!warm_up) {
        j.ops++;
        j.lat_sum_us += (t - started[slot]) * 1e6;
        j.fit.add(t - t0, static_cast<double>(j.ops));
        t_end = t;
        __atomic_add_fetch(&j.ctl[CTL_OPS], 1, __ATOMIC_RELAXED);
      }
      if (!stopping) {
        if (submit(slot))
          inflight++;
        else
          stopping = true;
      }
    }
  }
  syscall(SYS_io_destroy, ctx);
  j.elapsed = t_end - t0;
}

napi_value Num(napi_env env, double v) {
  napi_value out;
  napi_create_double(env, v, &out);
  return out;
}

void Complete(napi_env env, napi_status, void* data) {
  Job* j = static_cast<Job*>(data);
  if (j->err) {
    napi_value msg, code, err;
    std::string text = j->what + ": " + strerror(j->err);
    napi_create_string_utf8(env, text.c_str(), text.size(), &msg);
    const char* name = j->err == ENOSPC ? "ENOSPC" : j->err == EIO ? "EIO" : j->err == EINVAL ? "EINVAL" : "EAIO";
    napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &code);
    napi_create_error(env, code, msg, &err);
    napi_set_named_property(env, err, "code", code);
    napi_reject_deferred(env, j->deferred, err);
  } else {
    napi_value out;
    napi_create_object(env, &out);
    napi_set_named_property(env, out, "ops", Num(env, static_cast<double>(j->ops)));
    napi_set_named_property(env, out, "seconds", Num(env, j->elapsed));
    napi_set_named_property(env, out, "latSumUs", Num(env, j->lat_sum_us));
    const double rate = j->fit.rate();
    napi_value rate_v;
    if (rate > 0)
      rate_v = Num(env, rate);
    else
      napi_get_null(env, &rate_v);
    napi_set_named_property(env, out, "rate", rate_v);
    napi_resolve_deferred(env, j->deferred, out);
  }
  napi_delete_reference(env, j->keep);
  napi_delete_async_work(env, j->work);
  delete j;
}

double GetNum(napi_env env, napi_value obj, const char* key) {
  napi_value v;
  double d = 0;
  napi_get_named_property(env, obj, key, &v);
  napi_get_value_double(env, v, &d);
  return d;
}

bool GetBool(napi_env env, napi_value obj, const char* key) {
  napi_value v;
  bool b = false;
  napi_get_named_property(env, obj, key, &v);
  napi_get_value_bool(env, v, &b);
  return b;
}

napi_value Throw(napi_env env, const char* msg) {
  napi_throw_type_error(env, nullptr, msg);
  return nullptr;
}

// run({ fd, write, seq, bs, qd, seconds, ramp?, blocks, seed, buffers: Buffer[qd], ctl: Int32Array(2) })
// runPsync(the same with qd 1, and latencies: Float64Array to fill, optional)
napi_value Start(napi_env env, napi_callback_info info, bool psync) {
  size_t argc = 1;
  napi_value arg;
  napi_get_cb_info(env, info, &argc, &arg, nullptr, nullptr);
  if (argc < 1) return Throw(env, "run(job) needs a job");
  Job* j = new Job();
  j->fd = static_cast<int>(GetNum(env, arg, "fd"));
  j->write = GetBool(env, arg, "write");
  j->seq = GetBool(env, arg, "seq");
  j->bs = static_cast<uint64_t>(GetNum(env, arg, "bs"));
  j->qd = static_cast<uint32_t>(GetNum(env, arg, "qd"));
  j->seconds = GetNum(env, arg, "seconds");
  j->ramp = GetNum(env, arg, "ramp");  // absent: 0
  j->blocks = static_cast<uint64_t>(GetNum(env, arg, "blocks"));
  j->seed = static_cast<uint32_t>(GetNum(env, arg, "seed"));
  napi_value buffers, ctl;
  napi_get_named_property(env, arg, "buffers", &buffers);
  napi_get_named_property(env, arg, "ctl", &ctl);
  uint32_t nb = 0;
  napi_get_array_length(env, buffers, &nb);
  if (j->qd < 1 || j->bs < 512 || j->blocks < 1 || nb < j->qd) {
    delete j;
    return Throw(env, "bad job: qd >= 1, bs >= 512, blocks >= 1 and qd buffers needed");
  }
  for (uint32_t i = 0; i < j->qd; i++) {
    napi_value b;
    napi_get_element(env, buffers, i, &b);
    void* data = nullptr;
    size_t len = 0;
    if (napi_get_buffer_info(env, b, &data, &len) != napi_ok || len < j->bs) {
      delete j;
      return Throw(env, "each buffer must be a Buffer of at least bs bytes");
    }
    j->bufs.push_back(static_cast<char*>(data));
  }
  napi_typedarray_type type;
  size_t clen = 0;
  void* cdata = nullptr;
  if (napi_get_typedarray_info(env, ctl, &type, &clen, &cdata, nullptr, nullptr) != napi_ok ||
      type != napi_int32_array || clen < 2) {
    delete j;
    return Throw(env, "ctl must be an Int32Array of 2");
  }
  j->ctl = static_cast<int32_t*>(cdata);
  j->psync = psync;
  napi_value lat;
  bool has_lat = false;
  napi_has_named_property(env, arg, "latencies", &has_lat);
  if (psync && has_lat) {
    napi_get_named_property(env, arg, "latencies", &lat);
    size_t llen = 0;
    void* ldata = nullptr;
    if (napi_get_typedarray_info(env, lat, &type, &llen, &ldata, nullptr, nullptr) != napi_ok ||
        type != napi_float64_array) {
      delete j;
      return Throw(env, "latencies must be a Float64Array");
    }
    j->lat = static_cast<double*>(ldata);
    j->lat_cap = llen;
  }
  if (psync && j->qd != 1) {
    delete j;
    return Throw(env, "runPsync is queue depth 1");
  }
  napi_create_reference(env, arg, 1, &j->keep);
  napi_value promise, name;
  napi_create_promise(env, &j->deferred, &promise);
  napi_create_string_utf8(env, "drivewise-aio", NAPI_AUTO_LENGTH, &name);
  napi_create_async_work(env, nullptr, name, Execute, Complete, j, &j->work);
  napi_queue_async_work(env, j->work);
  return promise;
}

napi_value Run(napi_env env, napi_callback_info info) { return Start(env, info, false); }
napi_value RunPsync(napi_env env, napi_callback_info info) { return Start(env, info, true); }

napi_value Init(napi_env env, napi_value exports) {
  napi_value fn;
  napi_create_function(env, "run", NAPI_AUTO_LENGTH, Run, nullptr, &fn);
  napi_set_named_property(env, exports, "run", fn);
  napi_create_function(env, "runPsync", NAPI_AUTO_LENGTH, RunPsync, nullptr, &fn);
  napi_set_named_property(env, exports, "runPsync", fn);
  // What JS asks before passing `ramp`: an addon built before it would ignore the warm-up.
  napi_value yes;
  napi_get_boolean(env, true, &yes);
  napi_set_named_property(env, exports, "ramp", yes);
  napi_create_function(env, "fileBatch", NAPI_AUTO_LENGTH, FileBatch, nullptr, &fn);
  napi_set_named_property(env, exports, "fileBatch", fn);
  napi_create_function(env, "adviseHugePages", NAPI_AUTO_LENGTH, AdviseHugePages, nullptr, &fn);
  napi_set_named_property(env, exports, "adviseHugePages", fn);
  napi_create_function(env, "physicalRuns", NAPI_AUTO_LENGTH, PhysicalRuns, nullptr, &fn);
  napi_set_named_property(env, exports, "physicalRuns", fn);
  napi_create_function(env, "removeTree", NAPI_AUTO_LENGTH, RemoveTree, nullptr, &fn);
  napi_set_named_property(env, exports, "removeTree", fn);
  napi_create_function(env, "dirAt", NAPI_AUTO_LENGTH, DirAt, nullptr, &fn);
  napi_set_named_property(env, exports, "dirAt", fn);
  napi_create_function(env, "aclWrite", NAPI_AUTO_LENGTH, AclWrite, nullptr, &fn);
  napi_set_named_property(env, exports, "aclWrite", fn);
  return exports;
}

}  // namespace

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
