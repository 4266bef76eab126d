// Functions of the drivewise addon beyond deep-queue AIO (aio.cc registers them all).
#pragma once
#include <node_api.h>

#include <string>

// A JS string argument as UTF-8 ("" when it is not a string); defined in remove.cc.
std::string ArgString(napi_env env, napi_value v);

// bonnie++'s small-file operations in C, so the engine's file phases time the filesystem and not
// Node's per-call overhead (about 40% of a zero-byte create from JS on this VM).
napi_value FileBatch(napi_env env, napi_callback_info info);

// Asks for transparent huge pages under untouched memory (see memory.cc).
napi_value AdviseHugePages(napi_env env, napi_callback_info info);

// Physically contiguous runs of pages under a buffer (see memory.cc).
napi_value PhysicalRuns(napi_env env, napi_callback_info info);

// Deletes a folder without following symlinks or crossing mounts (see remove.cc).
napi_value RemoveTree(napi_env env, napi_callback_info info);

// Files relative to a directory descriptor, for outputs written as root (see files.cc).
napi_value DirAt(napi_env env, napi_callback_info info);

// Throws a JS Error with Node's code and wording for errno `err` ("ENOENT: no such file ..., op
// 'name'"); returns nullptr (defined in files.cc).
napi_value ThrowErrno(napi_env env, int err, const char* op, const char* name);

// Does a POSIX ACL give write to anyone but the owner (see acl.cc)? 1 yes, 0 no, -1 unreadable.
int AclGrantsWrite(const char* path, bool follow);
int AclGrantsWriteFd(int fd);

// aclWrite(path) for JS (see acl.cc).
napi_value AclWrite(napi_env env, napi_callback_info info);
