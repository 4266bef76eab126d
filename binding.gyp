{
  "targets": [
    {
      "target_name": "drivewise_aio",
      "sources": ["native/aio.cc", "native/files.cc", "native/memory.cc", "native/remove.cc", "native/acl.cc"],
      "cflags_cc": ["-O2", "-std=c++17"],
      "ldflags": ["-s"]
    }
  ]
}
