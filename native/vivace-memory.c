/*
 * Returns the C heap's free memory to the operating system: `trim()` calls glibc's
 * malloc_trim(0). A worker's typed arrays (page blocks, hash tables) live in the C heap; after a
 * heavy query most of it is free again but fragmented, and glibc only gives back the free memory
 * at the top of its heap, so an idle worker would keep its peak size. malloc_trim also releases
 * the free pages inside the heap. Elsewhere than glibc `trim()` does nothing and returns false.
 * Built by node-gyp (binding.gyp) at `npm install`; the engine runs without it
 * (src/server/worker/idle-memory.ts).
 */
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  int released = 0;
#if defined(__GLIBC__)
  released = malloc_trim(0);
#endif
  napi_value result;
  napi_get_boolean(env, released != 0, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
  return exports;
}
