// Global constructors (llvm.global_ctors), thread_local, weak symbols, aliases,
// sections, visibility, comdat (inline variables), static locals with guards.
#include <cstdio>

static int compute_seed() {
    static int n = 0;
    return ++n * 17;
}

struct Registry {
    int entries[8];
    int count;
    Registry() : count(0) {
        for (int &e : entries)
            e = -1;
    }
    ~Registry() { count = 0; }
    void add(int v) {
        if (count < 8)
            entries[count++] = v;
    }
};

Registry g_registry;
int g_seed = compute_seed();
inline int g_inline_counter = compute_seed() + 1;

struct Tracker {
    int id;
    Tracker() : id(compute_seed()) {}
    ~Tracker() { std::printf("bye %d\n", id); }
};

thread_local Tracker tl_tracker;
thread_local int tl_plain = 5;

extern "C" {
int impl_fn(int x) { return x * 3 + 1; }
int alias_fn(int x) __attribute__((alias("impl_fn")));
__attribute__((weak)) int weak_hook(int x) { return x; }
__attribute__((weak)) extern int maybe_missing(int);
__attribute__((section(".enzyme_data"), used)) const char marker[] = "enzyme-opt";
__attribute__((visibility("hidden"))) int hidden_value = 7;
__attribute__((cold, noinline)) void cold_path() { std::puts("cold"); }
static int fast_impl(int x) { return x << 1; }
typedef int (*int_fn)(int);
int_fn resolve_fast() { return fast_impl; }
int fast_dispatch(int x) __attribute__((ifunc("resolve_fast")));
}

__attribute__((constructor(101))) static void early_init() { g_registry.add(1); }
__attribute__((destructor)) static void late_fini() { g_registry.count = -1; }

Registry &local_registry() {
    static Registry r;
    return r;
}

int use_all(int x) {
    tl_plain += x;
    local_registry().add(x);
    int hook = weak_hook(x);
    int missing = maybe_missing ? maybe_missing(x) : fast_dispatch(x);
    if (__builtin_expect(x < 0, 0))
        cold_path();
    return alias_fn(x) + hook + missing + tl_tracker.id + tl_plain + g_seed +
           g_inline_counter + g_registry.count + hidden_value;
}

template <typename T>
struct TypeId {
    static int id;
};
template <typename T>
int TypeId<T>::id = compute_seed();

int type_ids() { return TypeId<int>::id + TypeId<double>::id; }
