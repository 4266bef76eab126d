// bonnie++'s small-file operations in C, so the engine's file phases time the filesystem and not
// Node's per-call overhead (about 40% of a zero-byte create from JS on this VM).
#pragma once
#include <node_api.h>

napi_value FileBatch(napi_env env, napi_callback_info info);
